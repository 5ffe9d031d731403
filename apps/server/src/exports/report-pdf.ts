/**
 * A report's Markdown blocks laid out in PDF, in the frame of the transcript export (pdf.ts): headings,
 * paragraphs with strong, emphasis, code and links (clickable), bulleted and numbered lists (nested),
 * quotes (indented, grey, with a bar on their left), code blocks on a grey ground, rules and tables.
 */
import type { MdBlock, MdInline } from '@palabre/shared';
import { endPdf, MARGIN, roomFor, startPdf, writeTitle } from './pdf.ts';
import type { ReportDocument } from './report-model.ts';

type Pdf = PDFKit.PDFDocument;

const HEADING_SIZES = [17, 14.5, 12.5, 11.5, 11, 11] as const;
const BODY_SIZE = 10.5;
const LIST_INDENT = 18;
const QUOTE_INDENT = 14;
const LINK_COLOR = '#0563c1';

interface Segment {
  text: string;
  face: 'regular' | 'bold' | 'oblique' | 'boldOblique' | 'mono';
  link?: string;
}

function segments(inlines: readonly MdInline[], style: { bold?: boolean; italics?: boolean; link?: string } = {}): Segment[] {
  const face = (): Segment['face'] => (style.bold ? (style.italics ? 'boldOblique' : 'bold') : style.italics ? 'oblique' : 'regular');
  return inlines.flatMap((node): Segment[] => {
    switch (node.type) {
      case 'text':
        return [{ text: node.text, face: face(), ...(style.link ? { link: style.link } : {}) }];
      case 'strong':
        return segments(node.children, { ...style, bold: true });
      case 'em':
        return segments(node.children, { ...style, italics: true });
      case 'code':
        return [{ text: node.text, face: 'mono', ...(style.link ? { link: style.link } : {}) }];
      case 'link':
        return segments(node.children, { ...style, link: node.href });
      case 'break':
        return [{ text: '\n', face: face() }];
    }
  });
}

/** Plain text of inlines (table cells). */
const plain = (inlines: readonly MdInline[]) =>
  segments(inlines)
    .map((s) => s.text)
    .join('');

interface Place {
  /** Left edge of the text. */
  x: number;
  quote: boolean;
}

const widthAt = (pdf: Pdf, place: Place) => pdf.page.width - MARGIN - place.x;

/** Writes inline segments as one wrapped paragraph starting at (x, y?). */
function writeInline(pdf: Pdf, list: readonly Segment[], place: Place, size: number, y?: number): void {
  const parts = list.length > 0 ? list : [{ text: '', face: 'regular' as const }];
  const color = place.quote ? '#444444' : 'black';
  parts.forEach((segment, i) => {
    const last = i === parts.length - 1;
    const face = place.quote && segment.face === 'regular' ? 'oblique' : segment.face;
    pdf
      .font(face)
      .fontSize(size)
      .fillColor(segment.link ? LINK_COLOR : color);
    const options = { width: widthAt(pdf, place), continued: !last, link: segment.link ?? null, underline: Boolean(segment.link) };
    if (i === 0) pdf.text(segment.text, place.x, y ?? pdf.y, options);
    else pdf.text(segment.text, options);
  });
  pdf.fillColor('black');
}

function writeList(pdf: Pdf, block: Extract<MdBlock, { type: 'list' }>, place: Place): void {
  block.items.forEach((item, index) => {
    const marker = block.ordered ? `${index + 1}.` : '•';
    const inner: Place = { ...place, x: place.x + LIST_INDENT };
    const [first, ...rest] = item;
    pdf.font('regular').fontSize(BODY_SIZE);
    roomFor(pdf, 1.2);
    const y = pdf.y;
    pdf.fillColor(place.quote ? '#444444' : 'black').text(marker, place.x, y, { width: LIST_INDENT - 2, lineBreak: false });
    if (first && (first.type === 'paragraph' || first.type === 'heading')) {
      writeInline(pdf, segments(first.children), inner, BODY_SIZE, y);
      pdf.moveDown(0.2);
      writeBlocks(pdf, rest, inner);
    } else {
      pdf.y = y;
      writeBlocks(pdf, item, inner);
    }
  });
  pdf.moveDown(0.3);
}

function writeCode(pdf: Pdf, text: string, place: Place): void {
  pdf.font('mono').fontSize(9);
  const width = widthAt(pdf, place) - 12;
  const height = pdf.heightOfString(text, { width }) + 8;
  roomFor(pdf, 2);
  const room = pdf.page.height - pdf.page.margins.bottom - pdf.y;
  pdf
    .save()
    .rect(place.x, pdf.y, width + 12, Math.min(height, room))
    .fill('#f2f2f2')
    .restore();
  pdf.fillColor('black').text(text, place.x + 6, pdf.y + 4, { width });
  pdf.moveDown(0.8);
}

function writeTable(pdf: Pdf, block: Extract<MdBlock, { type: 'table' }>, place: Place): void {
  const columns = Math.max(block.header.length, ...block.rows.map((r) => r.length), 1);
  const width = widthAt(pdf, place);
  const cellWidth = width / columns;
  const rows = [block.header, ...block.rows].map((cells) => Array.from({ length: columns }, (_, i) => plain(cells[i] ?? [])));
  rows.forEach((cells, r) => {
    pdf.font(r === 0 ? 'bold' : 'regular').fontSize(9.5);
    const height = Math.max(...cells.map((c) => pdf.heightOfString(c || ' ', { width: cellWidth - 8 }))) + 8;
    if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const y = pdf.y;
    cells.forEach((cell, i) => {
      const x = place.x + i * cellWidth;
      if (r === 0) pdf.save().rect(x, y, cellWidth, height).fill('#f2f2f2').restore();
      pdf.save().lineWidth(0.5).strokeColor('#999999').rect(x, y, cellWidth, height).stroke().restore();
      pdf.fillColor('black').text(cell, x + 4, y + 4, { width: cellWidth - 8 });
    });
    pdf.x = place.x;
    pdf.y = y + height;
  });
  pdf.moveDown(0.8);
}

function writeBlock(pdf: Pdf, block: MdBlock, place: Place): void {
  switch (block.type) {
    case 'heading': {
      const size = HEADING_SIZES[block.level - 1] ?? BODY_SIZE;
      pdf.font('bold').fontSize(size);
      pdf.moveDown(0.3);
      roomFor(pdf, 3);
      writeInline(
        pdf,
        segments(block.children, { bold: true }).map((s) => ({ ...s, face: s.face === 'mono' ? 'mono' : 'bold' })),
        place,
        size,
      );
      pdf.moveDown(0.3);
      return;
    }
    case 'paragraph':
      writeInline(pdf, segments(block.children), place, BODY_SIZE);
      pdf.moveDown(0.5);
      return;
    case 'list':
      writeList(pdf, block, place);
      return;
    case 'quote': {
      const page = pdf.page;
      const top = pdf.y;
      writeBlocks(pdf, block.children, { x: place.x + QUOTE_INDENT, quote: true });
      // The bar is drawn when the quote stayed on one page.
      if (pdf.page === page)
        pdf
          .save()
          .lineWidth(2)
          .strokeColor('#bbbbbb')
          .moveTo(place.x + 3, top)
          .lineTo(place.x + 3, pdf.y - 4)
          .stroke()
          .restore();
      return;
    }
    case 'code':
      writeCode(pdf, block.text, place);
      return;
    case 'rule': {
      const y = pdf.y + 4;
      pdf
        .save()
        .lineWidth(0.7)
        .strokeColor('#999999')
        .moveTo(place.x, y)
        .lineTo(pdf.page.width - MARGIN, y)
        .stroke()
        .restore();
      pdf.y = y + 8;
      return;
    }
    case 'table':
      writeTable(pdf, block, place);
      return;
  }
}

function writeBlocks(pdf: Pdf, blocks: readonly MdBlock[], place: Place): void {
  for (const block of blocks) writeBlock(pdf, block, place);
}

export function renderReportPdf(doc: ReportDocument): Promise<Buffer> {
  const { pdf, done } = startPdf(doc.title);
  writeTitle(pdf, doc.title, doc.labels, doc.exportedAt, doc.language);
  pdf.moveDown(0.5);
  writeBlocks(pdf, doc.blocks, { x: MARGIN, quote: false });
  endPdf(pdf, doc.labels);
  return done;
}
