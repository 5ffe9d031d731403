/**
 * The entry script, kept small so that what a first screen waits for longest starts at once: on the
 * editor's route it starts joining the transcript's live document (earlyStart.ts), whose round trips
 * then overlap the loading and running of the application's code (boot.tsx), loaded next.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { joinEditorEarly } from './features/editor/earlyStart.ts';

joinEditorEarly(location.pathname);
void import('./boot.tsx');
