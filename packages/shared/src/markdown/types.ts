/** Inline content of the Markdown the product reads (model answers, report texts). */
export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: MdInline[] }
  | { type: 'code'; text: string }
  /** Only http:, https: and mailto: targets; any other link is read as its text. */
  | { type: 'link'; href: string; children: MdInline[] }
  | { type: 'break' };

export type MdBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: MdInline[] }
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'list'; ordered: boolean; items: MdBlock[][] }
  | { type: 'quote'; children: MdBlock[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'table'; header: MdInline[][]; rows: MdInline[][][] };

/** Nesting beyond this (quotes in quotes, lists in lists, emphasis in emphasis) is read as plain text. */
export const MAX_NESTING = 16;
