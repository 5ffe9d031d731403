/**
 * Where the editor's panels plug in (find and replace, speakers, history, help, and the controls that
 * open them: speed, confidence marks, channel). Until panels/ exists these render nothing.
 */
export type EditorPanel = 'find' | 'speakers' | 'history' | 'help';

export function EditorControls(_props: { onOpen(panel: EditorPanel): void }) {
  return null;
}
export function FindReplacePanel() {
  return null;
}
export function SpeakersPanel() {
  return null;
}
export function HistoryPanel() {
  return null;
}
export function HelpPanel() {
  return null;
}
