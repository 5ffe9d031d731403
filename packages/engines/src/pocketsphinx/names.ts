/** The shared library's name (Debian's libpocketsphinx3); kept apart so importing it never loads koffi. */
export const POCKETSPHINX_LIBRARY = 'libpocketsphinx.so.3';
