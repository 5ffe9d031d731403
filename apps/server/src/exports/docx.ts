/**
 * Word (DOCX) with the `docx` library: the title, the export date and metadata block, then each turn
 * under a heading naming its speaker and start time, and `Page X of Y` in the footer. DejaVu Sans (the
 * PDF's font, shipped with LibreOffice on Debian) covers French; Word substitutes a like font when absent.
 * `wordDocument` and `titleBlock` are the frame every Word export shares (reports: report-docx.ts).
 */
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun, type INumberingOptions, type Table } from 'docx';
import { clock, formatDate, type ExportLabels, type ExportLanguage } from './labels.ts';
import { metadataLines, turnHeading, type ExportDocument } from './model.ts';

export const DOCUMENT_FONT = 'DejaVu Sans';
export const MONOSPACE_FONT = 'DejaVu Sans Mono';

/** The title and the export date. */
export function titleBlock(title: string, labels: ExportLabels, exportedAt: Date, language: ExportLanguage): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
    new Paragraph({ children: [new TextRun({ text: `${labels.exportedOn} ${formatDate(exportedAt, language)}`, italics: true })] }),
  ];
}

/** A Word document of `children` in the export font, with `Page X of Y` in the footer. */
export function wordDocument(title: string, labels: ExportLabels, children: Array<Paragraph | Table>, numbering?: INumberingOptions): Document {
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: [`${labels.page} `, PageNumber.CURRENT, ` ${labels.of} `, PageNumber.TOTAL_PAGES] })],
      }),
    ],
  });
  return new Document({
    title,
    creator: 'Palabre',
    styles: { default: { document: { run: { font: DOCUMENT_FONT, size: 22 } } } },
    ...(numbering ? { numbering } : {}),
    sections: [{ footers: { default: footer }, children }],
  });
}

export function buildDocx(doc: ExportDocument): Document {
  const children: Paragraph[] = titleBlock(doc.title, doc.labels, doc.exportedAt, doc.language);
  for (const { label, value } of metadataLines(doc)) {
    children.push(new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] }));
  }
  children.push(new Paragraph({ children: [] }));
  for (const turn of doc.turns) {
    const heading = turnHeading(doc, turn, clock);
    if (heading) children.push(new Paragraph({ heading: HeadingLevel.HEADING_3, keepNext: true, children: [new TextRun(heading)] }));
    children.push(new Paragraph({ spacing: { after: 160 }, children: [new TextRun(turn.text)] }));
  }
  return wordDocument(doc.title, doc.labels, children);
}

export async function renderDocx(doc: ExportDocument): Promise<Buffer> {
  return Packer.toBuffer(buildDocx(doc));
}
