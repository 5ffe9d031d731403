/**
 * Subtitles: generating screens from a transcript by broadcast rules, checking screens against a
 * version's rules, the collaborative screen document and its operations, SubRip and WebVTT output.
 * Shared by the server (generation, REST, exports, bench) and the web (the screen editor's live
 * warnings and edits).
 */
export * from './generate.ts';
export * from './rules.ts';
export * from './doc.ts';
export * from './operations.ts';
export * from './formats.ts';
export { breakCost, readableLength } from './language.ts';
export { layoutWords } from './layout.ts';
