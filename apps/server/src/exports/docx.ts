/**
 * Word (DOCX) with the `docx` library: the title, the export date and metadata block, then each turn
 * under a heading naming its speaker and start time, and `Page X of Y` in the footer. DejaVu Sans (the
 * PDF's font, shipped with LibreOffice on Debian) covers French; Word substitutes a like font when absent.
 */
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import { clock, formatDate } from './labels.ts';
import { metadataLines, turnHeading, type ExportDocument } from './model.ts';

export const DOCUMENT_FONT = 'DejaVu Sans';

export function buildDocx(doc: ExportDocument): Document {
  const { labels } = doc;
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
    new Paragraph({ children: [new TextRun({ text: `${labels.exportedOn} ${formatDate(doc.exportedAt, doc.language)}`, italics: true })] }),
  ];
  for (const { label, value } of metadataLines(doc)) {
    children.push(new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] }));
  }
  children.push(new Paragraph({ children: [] }));
  for (const turn of doc.turns) {
    const heading = turnHeading(doc, turn, clock);
    if (heading) children.push(new Paragraph({ heading: HeadingLevel.HEADING_3, keepNext: true, children: [new TextRun(heading)] }));
    children.push(new Paragraph({ spacing: { after: 160 }, children: [new TextRun(turn.text)] }));
  }
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: [`${labels.page} `, PageNumber.CURRENT, ` ${labels.of} `, PageNumber.TOTAL_PAGES] })],
      }),
    ],
  });
  return new Document({
    title: doc.title,
    creator: 'Palabre',
    styles: { default: { document: { run: { font: DOCUMENT_FONT, size: 22 } } } },
    sections: [{ footers: { default: footer }, children }],
  });
}

export async function renderDocx(doc: ExportDocument): Promise<Buffer> {
  return Packer.toBuffer(buildDocx(doc));
}
