/**
 * Rendering a document model in one format: a transcript's (model.ts) or a report's (report-model.ts).
 * The writers run on one worker thread, one document at a time, so a long layout never blocks the
 * event loop and concurrent exports queue instead of multiplying their memory; OpenDocument is the
 * Word document converted by LibreOffice (odt.ts).
 */
import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '@palabre/shared';
import { AppError } from '../http/errors.ts';
import { renderDocx } from './docx.ts';
import { renderJson } from './json.ts';
import type { ExportDocument } from './model.ts';
import { docxToOdt } from './odt.ts';
import { renderPdf } from './pdf.ts';
import { renderReportDocx } from './report-docx.ts';
import type { ReportDocument } from './report-model.ts';
import { renderReportPdf } from './report-pdf.ts';
import { renderSubtitles } from './subtitles.ts';
import { renderText } from './text.ts';

export type RenderedFormat = Exclude<ExportFormat, 'odt'>;
/** The formats a report is laid out in (its text and JSON are written directly). */
export type ReportLayoutFormat = 'docx' | 'pdf';

/** What the writer thread is asked to render. */
export type RenderJob = { kind: 'transcript'; doc: ExportDocument; format: RenderedFormat } | { kind: 'report'; doc: ReportDocument; format: ReportLayoutFormat };

/** The writers themselves, on the calling thread. */
export async function renderInProcess(doc: ExportDocument, format: RenderedFormat): Promise<Buffer> {
  switch (format) {
    case 'json':
      return renderJson(doc);
    case 'text':
      return renderText(doc);
    case 'docx':
      return renderDocx(doc);
    case 'pdf':
      return renderPdf(doc);
    case 'srt':
    case 'vtt':
      return renderSubtitles(doc, format);
  }
}

/** Any render job, on the calling thread. */
export function renderJob(job: RenderJob): Promise<Buffer> {
  if (job.kind === 'transcript') return renderInProcess(job.doc, job.format);
  return job.format === 'docx' ? renderReportDocx(job.doc) : renderReportPdf(job.doc);
}

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

/** Exports waiting for the writer beyond this are refused: each holds its document in memory. */
const MAX_QUEUED = 16;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
  worker = undefined;
}

function writerThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./render-worker.ts', import.meta.url));
  started.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (message.bytes) entry.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else entry.reject(new Error(`export writer failed: ${message.error ?? 'unknown error'}`));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`export writer thread exited (${code})`));
  });
  // An idle writer thread never keeps the process alive (after the listeners, which would hold it).
  started.unref();
  worker = started;
  return started;
}

/** Renders on the writer thread. */
function renderOnThread(job: RenderJob): Promise<Buffer> {
  if (pending.size >= MAX_QUEUED) return Promise.reject(new AppError('export_unavailable', 'Too many exports are being made; try again in a moment'));
  const thread = writerThread();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Held while it has work, so a command waiting for an export is not ended under it.
    thread.ref();
    thread.postMessage({ id, job });
  });
}

export async function render(doc: ExportDocument, format: ExportFormat): Promise<Buffer> {
  if (format === 'odt') return docxToOdt(await renderOnThread({ kind: 'transcript', doc, format: 'docx' }));
  return renderOnThread({ kind: 'transcript', doc, format });
}

/** A report laid out as Word or PDF, on the writer thread. */
export function renderReport(doc: ReportDocument, format: ReportLayoutFormat): Promise<Buffer> {
  return renderOnThread({ kind: 'report', doc, format });
}
