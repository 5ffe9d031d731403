/** Markdown rendered safely as React elements (reports, answers). */
export { MarkdownView } from './markdown/MarkdownView.tsx';
export type { RenderText } from './markdown/render.tsx';
