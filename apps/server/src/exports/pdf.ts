/**
 * PDF with pdfkit: the same layout as the Word document (title, date, metadata block, a heading per
 * turn with its speaker and time, wrapped paragraphs) in DejaVu Sans, embedded (subset) so accents
 * show on any reader, and `Page X of Y` at the foot of every page. Pages are kept until the end only to
 * number them; the text itself is laid out as it streams. `startPdf`, `writeTitle`, `roomFor` and
 * `endPdf` are the frame every PDF export shares (reports: report-pdf.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { clock, formatDate, type ExportLabels, type ExportLanguage } from './labels.ts';
import { metadataLines, turnHeading, type ExportDocument } from './model.ts';

const require = createRequire(import.meta.url);
type Face = 'regular' | 'bold' | 'oblique' | 'boldOblique' | 'mono';
const FACES: Record<Face, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  oblique: 'DejaVuSans-Oblique.ttf',
  boldOblique: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};
let fonts: Record<Face, Buffer> | undefined;

/** The DejaVu faces, read once per process. */
function loadFonts(): Record<Face, Buffer> {
  fonts ??= Object.fromEntries(Object.entries(FACES).map(([face, file]) => [face, fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))])) as Record<Face, Buffer>;
  return fonts;
}

export const MARGIN = 56;

export interface PdfWriter {
  pdf: PDFKit.PDFDocument;
  /** The file once `endPdf` was called. */
  done: Promise<Buffer>;
}

/** An A4 document with the DejaVu faces registered (`regular`, `bold`, `oblique`, `boldOblique`, `mono`). */
export function startPdf(title: string): PdfWriter {
  const faces = loadFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title, Creator: 'Palabre' } });
  for (const [face, bytes] of Object.entries(faces)) pdf.registerFont(face, bytes);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The title and the export date. */
export function writeTitle(pdf: PDFKit.PDFDocument, title: string, labels: ExportLabels, exportedAt: Date, language: ExportLanguage): void {
  pdf.font('bold').fontSize(20).text(title);
  pdf.moveDown(0.3);
  pdf
    .font('oblique')
    .fontSize(10)
    .fillColor('#444444')
    .text(`${labels.exportedOn} ${formatDate(exportedAt, language)}`);
  pdf.fillColor('black').moveDown(0.5);
}

/** Starts a new page unless `lines` lines of the current font fit above the bottom margin (a heading is never left alone at the foot of a page). */
export function roomFor(pdf: PDFKit.PDFDocument, lines: number): void {
  if (pdf.y + pdf.currentLineHeight(true) * lines > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
}

/** Numbers every page (`Page X of Y`) and ends the document. */
export function endPdf(pdf: PDFKit.PDFDocument, labels: ExportLabels): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing in the bottom margin must not start a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor('#555555')
      .text(`${labels.page} ${i + 1 - range.start} ${labels.of} ${range.count}`, MARGIN, pdf.page.height - margin / 2 - 5, {
        width: pdf.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    pdf.page.margins.bottom = margin;
  }
  pdf.end();
}

export function renderPdf(doc: ExportDocument): Promise<Buffer> {
  const { pdf, done } = startPdf(doc.title);
  const { labels } = doc;
  writeTitle(pdf, doc.title, labels, doc.exportedAt, doc.language);
  for (const { label, value } of metadataLines(doc)) {
    pdf.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  pdf.moveDown(1);

  for (const turn of doc.turns) {
    const heading = turnHeading(doc, turn, clock);
    if (heading) {
      pdf.font('bold').fontSize(11);
      roomFor(pdf, 2.5);
      pdf.fillColor('#1f3a68').text(heading).fillColor('black');
      pdf.moveDown(0.15);
    }
    pdf.font('regular').fontSize(10.5).text(turn.text, { align: 'left' });
    pdf.moveDown(0.6);
  }
  endPdf(pdf, labels);
  return done;
}
