/** Markdown rendered safely as React elements (answers, reports). */
export { MarkdownView, type RenderText } from './markdown/MarkdownView.tsx';
