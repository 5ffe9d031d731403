/**
 * Where the editor's panels plug in (find and replace, speakers, history, help, and the controls that
 * open them: speed, confidence marks, channel): they live in panels/.
 */
export { EditorControls, FindReplacePanel, HelpPanel, HistoryPanel, PanelHost, SpeakersPanel, type EditorPanel } from './panels/index.ts';
