/**
 * OpenDocument text: the Word document converted by LibreOffice (`soffice --headless --convert-to
 * odt`), so both share one layout. Each conversion gets its own LibreOffice profile directory (two
 * instances cannot share one), a time limit, and at most CONCURRENT_CONVERSIONS run at once: each
 * starts a whole office suite. Without LibreOffice the export answers 503 export_unavailable.
 */
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findOnPath } from '@palabre/engines';
import { AppError } from '../http/errors.ts';

const CONCURRENT_CONVERSIONS = 2;
/** Waiting conversions beyond this are refused rather than queued without end. */
const MAX_WAITING = 8;
export const CONVERSION_TIMEOUT_MS = 90_000;

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_CONVERSIONS) {
    if (waiting.length >= MAX_WAITING) throw new AppError('export_unavailable', 'Too many documents are being converted; try again in a moment');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    // The slot passes straight to the next waiting conversion, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const unavailable = () => new AppError('export_unavailable', 'This format needs LibreOffice, which is not installed on the server');

/** The LibreOffice binary, null when not installed. */
export function findSoffice(searchPath?: string): string | null {
  return findOnPath('soffice', searchPath) ?? findOnPath('libreoffice', searchPath);
}

/** Converts a DOCX to ODT with `binary` (soffice). */
export async function docxToOdt(docx: Buffer, binary: string | null = findSoffice(), timeoutMs = CONVERSION_TIMEOUT_MS): Promise<Buffer> {
  if (!binary) throw unavailable();
  return slot(async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'palabre-odt-'));
    try {
      const input = path.join(dir, 'document.docx');
      await fsp.writeFile(input, docx);
      const args = [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'odt',
        '--outdir',
        dir,
        input,
      ];
      await new Promise<void>((resolve, reject) => {
        execFile(binary, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, env: { ...process.env, HOME: dir } }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      return await fsp.readFile(path.join(dir, 'document.odt'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(binary))) throw unavailable();
      if ((error as { killed?: boolean }).killed) throw new AppError('export_unavailable', 'Converting the document took too long; try again in a moment');
      throw error;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
}

async function exists(file: string): Promise<boolean> {
  return fsp.access(file).then(
    () => true,
    () => false,
  );
}
