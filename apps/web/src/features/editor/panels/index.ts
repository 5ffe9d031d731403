/** The transcript editor's panels and toolbar, mounted by the transcription page. */
export { EditorControls } from './EditorControls.tsx';
export { FindReplacePanel } from './FindReplacePanel.tsx';
export { HelpPanel } from './HelpPanel.tsx';
export { HistoryPanel } from './HistoryPanel.tsx';
export { PanelHost, SIDE_COLUMN_MIN_WIDTH } from './PanelHost.tsx';
export { SpeakersPanel } from './SpeakersPanel.tsx';
export { panelForKey, type EditorPanel } from './keys.ts';
export { usePanelShortcuts } from './usePanelShortcuts.ts';
export { PLAYBACK_SPEEDS } from './playbackSpeed.ts';
