/** Downloads of the publish page, and the text of the Word and PDF files read back with independent tools. */
import { execFileSync } from 'node:child_process';
import type { Download, Page } from '@playwright/test';

/** The text of a Word file: its main part's runs, tags removed, a line per paragraph. */
export function docxText(file: string): string {
  const xml = execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' });
  return xml.replace(/<w:p[ >]/g, '\n$&').replace(/<[^>]+>/g, '');
}

/** The text of a PDF file, as pdftotext lays it out. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Chooses a format in the download menu (its button named `button`) and waits for the file. */
export async function downloadFrom(page: Page, format: string, button = 'Download'): Promise<Download> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const saved = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return saved;
}
