/**
 * Reads exported documents back with independent tools, for the export and report tests: a file's
 * text through a command-line reader (pdftotext of poppler-utils, ffmpeg), an XML part's visible text.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a tool on the bytes written to a temporary file of that extension; answers its standard output. */
export function readWith(bytes: Buffer, extension: string, command: string, args: (file: string) => string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-document-'));
  try {
    const file = path.join(dir, `document.${extension}`);
    fs.writeFileSync(file, bytes);
    return execFileSync(command, args(file), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as pdftotext reads it (pages separated by form feeds). */
export const pdfText = (pdf: Buffer) => readWith(pdf, 'pdf', 'pdftotext', (file) => ['-enc', 'UTF-8', file, '-']);

/** The text of a PDF, page by page. */
export const pdfPages = (pdf: Buffer) => pdfText(pdf).split('\f').slice(0, -1);

/** The visible text of an XML document (tags dropped, entities decoded, spaces collapsed). */
export const xmlText = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
