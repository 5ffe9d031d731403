/**
 * The Word, PDF and OpenDocument exports, read back with independent tools: the DOCX and ODT XML
 * through jszip, the PDF through pdftotext (poppler-utils).
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { renderDocx } from '../../src/exports/docx.ts';
import { docxToOdt, findSoffice } from '../../src/exports/odt.ts';
import { renderPdf } from '../../src/exports/pdf.ts';
import { AppError } from '../../src/http/errors.ts';
import { pdfPages, xmlText as textOf } from '../harness/read-documents.ts';
import { documentOf, longTranscript, meeting } from './exports-fixture.ts';

describe('the Word export', () => {
  it('holds the title, metadata, speaker headings with times and French text', async () => {
    const zip = await JSZip.loadAsync(await renderDocx(documentOf(meeting, { metadata: { description: true } })));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = textOf(xml);
    expect(text).toContain('Réunion d’équipe');
    expect(text).toContain('Speakers: Élodie Crémieux, Bob');
    expect(text).toContain('Description: Point mensuel');
    expect(text).toContain('Élodie Crémieux — 01:02:05');
    expect(text).toContain("L'élève a été très efficace cette année.");
    expect(xml).toContain('w:val="Heading3"');
    const styles = await zip.file('word/styles.xml')!.async('string');
    expect(styles).toContain('DejaVu Sans');
  });

  it('numbers its pages "Page X of Y" in the footer, in the caller language', async () => {
    const zip = await JSZip.loadAsync(await renderDocx(documentOf(meeting, {}, { language: 'fr-FR' })));
    const footerName = Object.keys(zip.files).find((name) => /^word\/footer\d*\.xml$/.test(name))!;
    const footer = await zip.file(footerName)!.async('string');
    expect(footer).toMatch(/Page\s*<\/w:t>[\s\S]*PAGE[\s\S]*sur[\s\S]*NUMPAGES/);
    const text = textOf(await zip.file('word/document.xml')!.async('string'));
    expect(text).toContain('Exporté le 23 novembre 2026');
    expect(text).toContain('Intervenants: Élodie Crémieux, Bob');
  });

  it('leaves the headings out when both flags are off', async () => {
    const zip = await JSZip.loadAsync(await renderDocx(documentOf(meeting, { metadata: { speakers: false, timestamp: false } })));
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).not.toContain('Heading3');
    expect(textOf(xml)).not.toContain('Bob');
  });
});

describe('the PDF export', () => {
  it('shows the title, metadata, headings and French accents, with page numbers', async () => {
    const pages = pdfPages(await renderPdf(documentOf(meeting, { metadata: { tags: true } })));
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page).toContain('Réunion d’équipe');
    expect(page).toContain('Speakers: Élodie Crémieux, Bob');
    expect(page).toContain('Tags: Finances, Équipe');
    expect(page).toContain('Bob — 00:01:02');
    expect(page).toContain("L'élève a été très efficace cette année.");
    expect(page).toContain('Page 1 of 1');
  });

  it('wraps long turns over many pages, each numbered, in French for a French caller', async () => {
    const doc = documentOf(longTranscript(120), {}, { language: 'fr-FR' });
    const pages = pdfPages(await renderPdf(doc));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} sur ${pages.length}`));
    // Every word of every turn is there, wrapped rather than cut.
    const all = pages.join('\n');
    expect(all.match(/déjà/g)!.length).toBe(120 * Math.ceil(60 / 7));
    expect(all).toContain('Exporté le 23 novembre 2026');
  });
});

describe('the OpenDocument export', () => {
  it('is the Word document converted by LibreOffice, with its text and page fields', async () => {
    expect(findSoffice(), 'LibreOffice (libreoffice-writer-nogui) must be installed: scripts/ensure-system.sh').not.toBeNull();
    const odt = await docxToOdt(await renderDocx(documentOf(meeting, { metadata: { description: true } }, { language: 'fr-FR' })));
    const zip = await JSZip.loadAsync(odt);
    expect(await zip.file('mimetype')!.async('string')).toBe('application/vnd.oasis.opendocument.text');
    const text = textOf(await zip.file('content.xml')!.async('string'));
    expect(text).toContain('Réunion d’équipe');
    expect(text).toContain('Intervenants: Élodie Crémieux, Bob');
    expect(text).toContain('Élodie Crémieux — 01:02:05');
    expect(text).toContain("L'élève a été très efficace cette année.");
    const styles = await zip.file('styles.xml')!.async('string');
    expect(styles).toContain('<text:page-number');
    expect(styles).toContain('<text:page-count');
    expect(textOf(styles)).toContain('sur');
  }, 120_000);

  it('is refused as unavailable without LibreOffice', async () => {
    const docx = await renderDocx(documentOf());
    await expect(docxToOdt(docx, findSoffice('/nonexistent'))).rejects.toMatchObject({ code: 'export_unavailable', status: 503 });
    await expect(docxToOdt(docx, null)).rejects.toBeInstanceOf(AppError);
  });
});
