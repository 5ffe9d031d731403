/**
 * A report's Markdown blocks as Word paragraphs, in the frame of the transcript export (docx.ts):
 * headings, paragraphs with strong, emphasis, code and links, bulleted and numbered lists (nested),
 * quotes (indented, with a rule on their left), code blocks, rules and tables.
 */
import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { MdBlock, MdInline } from '@palabre/shared';
import { MONOSPACE_FONT, titleBlock, wordDocument } from './docx.ts';
import type { ReportDocument } from './report-model.ts';

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6] as const;
const ORDERED = 'report-ordered';
const INDENT = 360;
const LINK_COLOR = '0563C1';
const CODE_SHADING = { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } as const;

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  link?: boolean;
}

function textRun(text: string, style: RunStyle): TextRun {
  return new TextRun({
    text,
    ...(style.bold ? { bold: true } : {}),
    ...(style.italics ? { italics: true } : {}),
    ...(style.link ? { color: LINK_COLOR, underline: {} } : {}),
  });
}

function runs(inlines: readonly MdInline[], style: RunStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const node of inlines) {
    switch (node.type) {
      case 'text':
        out.push(textRun(node.text, style));
        break;
      case 'strong':
        out.push(...runs(node.children, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...runs(node.children, { ...style, italics: true }));
        break;
      case 'code':
        out.push(new TextRun({ text: node.text, font: MONOSPACE_FONT, shading: CODE_SHADING }));
        break;
      case 'link':
        out.push(new ExternalHyperlink({ link: node.href, children: runs(node.children, { ...style, link: true }) }));
        break;
      case 'break':
        out.push(new TextRun({ break: 1 }));
        break;
    }
  }
  return out;
}

/** Where a block sits: its list depth and quote depth. */
interface Place {
  depth: number;
  quote: number;
  /** The next numbered list's instance (each list restarts at 1). */
  lists: { next: number };
}

const indentOf = (place: Place, extra = 0) => (place.depth + place.quote) * INDENT * 2 + extra;

function quoteFrame(place: Place) {
  return place.quote > 0 ? { border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'BBBBBB', space: 8 } } } : {};
}

function paragraph(children: ParagraphChild[], place: Place): Paragraph {
  return new Paragraph({ spacing: { after: 120 }, ...(indentOf(place) > 0 ? { indent: { left: indentOf(place) } } : {}), ...quoteFrame(place), children });
}

function blocks(list: readonly MdBlock[], place: Place): Array<Paragraph | Table> {
  return list.flatMap((block) => blockOut(block, place));
}

function listItems(block: Extract<MdBlock, { type: 'list' }>, place: Place): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  const instance = place.lists.next++;
  for (const item of block.items) {
    const [first, ...rest] = item;
    const marker = block.ordered ? { numbering: { reference: ORDERED, level: Math.min(place.depth, 8), instance } } : { bullet: { level: Math.min(place.depth, 8) } };
    const inner: Place = { ...place, depth: place.depth + 1 };
    if (first && (first.type === 'paragraph' || first.type === 'heading')) {
      out.push(new Paragraph({ ...marker, spacing: { after: 60 }, ...quoteFrame(place), children: runs(first.children) }));
      out.push(...blocks(rest, inner));
    } else {
      out.push(new Paragraph({ ...marker, ...quoteFrame(place), children: [] }));
      out.push(...blocks(item, inner));
    }
  }
  return out;
}

function table(block: Extract<MdBlock, { type: 'table' }>): Table {
  const columns = Math.max(block.header.length, ...block.rows.map((r) => r.length), 1);
  const row = (cells: MdInline[][], header: boolean) =>
    new TableRow({
      tableHeader: header,
      children: Array.from(
        { length: columns },
        (_, i) => new TableCell({ children: [new Paragraph({ children: runs(cells[i] ?? [], header ? { bold: true } : {}) })], ...(header ? { shading: CODE_SHADING } : {}) }),
      ),
    });
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [row(block.header, true), ...block.rows.map((r) => row(r, false))] });
}

function blockOut(block: MdBlock, place: Place): Array<Paragraph | Table> {
  switch (block.type) {
    case 'heading':
      return [
        new Paragraph({
          heading: HEADINGS[block.level - 1],
          keepNext: true,
          ...(indentOf(place) > 0 ? { indent: { left: indentOf(place) } } : {}),
          children: runs(block.children),
        }),
      ];
    case 'paragraph':
      return [paragraph(runs(block.children, place.quote > 0 ? { italics: true } : {}), place)];
    case 'list':
      return listItems(block, place);
    case 'quote':
      return blocks(block.children, { ...place, quote: place.quote + 1 });
    case 'code': {
      const lines = block.text.split('\n');
      const children = lines.map((line, i) => new TextRun({ text: line, font: MONOSPACE_FONT, ...(i > 0 ? { break: 1 } : {}) }));
      return [new Paragraph({ shading: CODE_SHADING, spacing: { after: 120 }, ...(indentOf(place) > 0 ? { indent: { left: indentOf(place) } } : {}), children })];
    }
    case 'rule':
      return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } }, children: [] })];
    case 'table':
      return [table(block), new Paragraph({ children: [] })];
  }
}

const numbering = {
  config: [
    {
      reference: ORDERED,
      levels: Array.from({ length: 9 }, (_, level) => ({
        level,
        format: LevelFormat.DECIMAL,
        text: `%${level + 1}.`,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: INDENT * 2 * (level + 1), hanging: INDENT } } },
      })),
    },
  ],
};

export function buildReportDocx(doc: ReportDocument) {
  const children = [
    ...titleBlock(doc.title, doc.labels, doc.exportedAt, doc.language),
    new Paragraph({ children: [] }),
    ...blocks(doc.blocks, { depth: 0, quote: 0, lists: { next: 1 } }),
  ];
  return wordDocument(doc.title, doc.labels, children, numbering);
}

export async function renderReportDocx(doc: ReportDocument): Promise<Buffer> {
  return Packer.toBuffer(buildReportDocx(doc));
}
