export type { MdBlock, MdInline } from './types.ts';
export { parseMarkdown } from './blocks.ts';
export { parseInline } from './inline.ts';
export { markdownToText } from './text.ts';
