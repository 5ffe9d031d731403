/**
 * PDF with pdfkit: the same layout as the Word document (title, date, metadata block, a heading per
 * turn with its speaker and time, wrapped paragraphs) in DejaVu Sans, embedded (subset) so accents
 * show on any reader, and `Page X of Y` at the foot of every page. Pages are kept until the end only to
 * number them; the text itself is laid out as it streams.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { clock, formatDate } from './labels.ts';
import { metadataLines, turnHeading, type ExportDocument } from './model.ts';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer; oblique: Buffer } | undefined;

/** The DejaVu faces, read once per process. */
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    oblique: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf')),
  };
  return fonts;
}

const MARGIN = 56;

export function renderPdf(doc: ExportDocument): Promise<Buffer> {
  const faces = loadFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: doc.title, Creator: 'Palabre' } });
  pdf.registerFont('regular', faces.regular);
  pdf.registerFont('bold', faces.bold);
  pdf.registerFont('oblique', faces.oblique);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const { labels } = doc;
  pdf.font('bold').fontSize(20).text(doc.title);
  pdf.moveDown(0.3);
  pdf
    .font('oblique')
    .fontSize(10)
    .fillColor('#444444')
    .text(`${labels.exportedOn} ${formatDate(doc.exportedAt, doc.language)}`);
  pdf.fillColor('black').moveDown(0.5);
  for (const { label, value } of metadataLines(doc)) {
    pdf.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  pdf.moveDown(1);

  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  for (const turn of doc.turns) {
    const heading = turnHeading(doc, turn, clock);
    if (heading) {
      // A heading is never left alone at the foot of a page.
      pdf.font('bold').fontSize(11);
      if (pdf.y + pdf.currentLineHeight(true) * 2.5 > bottom()) pdf.addPage();
      pdf.fillColor('#1f3a68').text(heading).fillColor('black');
      pdf.moveDown(0.15);
    }
    pdf.font('regular').fontSize(10.5).text(turn.text, { align: 'left' });
    pdf.moveDown(0.6);
  }

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
  return done;
}
