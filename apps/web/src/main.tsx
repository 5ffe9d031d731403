/**
 * The entry script, kept small so that what a first screen waits for longest starts at once: on the
 * editor's route it starts joining the transcript's live document (earlyStart.ts), and on every page
 * it asks for what the first screen needs from the server (routes/firstScreen.ts); their round trips
 * then overlap the loading and running of the application's code (boot.tsx).
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { askFirstScreen } from './routes/firstScreen.ts';
import { editorMediaOf, joinEditorEarly } from './features/editor/earlyStart.ts';

// The application's code is fetched and compiled meanwhile (a module preload in index.html), and
// run once the document is in: on this page's one thread, applying the long document's state and
// running the application's code would otherwise delay each other.
const onEditor = editorMediaOf(location.pathname) !== null;
// zod must parse without `new Function` (the Content-Security-Policy forbids it) from its first
// parse on, some of which run as the application's modules load: configured while the document comes.
const zodConfigured = import('./app/zod-config.ts');
void Promise.all([joinEditorEarly(location.pathname, 500), zodConfigured]).then(() => {
  // Asked while the application's code runs (after the document, which the server then answers first).
  askFirstScreen(location.pathname);
  void import('./boot.tsx');
  // The editor's page is loaded beside the application, not once its router asks for it.
  if (onEditor) void import('./features/editor/TranscriptionPage.tsx');
});
