/**
 * The export writers' thread: laying out a long PDF or Word document takes the CPU for a moment
 * (half a second for three hours of speech), which must not stall every other request of the server.
 * Receives a document model and a format, answers the file's bytes.
 */
import { parentPort } from 'node:worker_threads';
import type { ExportDocument } from './model.ts';
import { renderInProcess, type RenderedFormat } from './render.ts';

async function answer(message: { id: number; doc: ExportDocument; format: RenderedFormat }): Promise<void> {
  try {
    const bytes = await renderInProcess(message.doc, message.format);
    // Copied once into a buffer of its own, which then moves to the main thread without another copy.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    parentPort!.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

parentPort!.on('message', (message: { id: number; doc: ExportDocument; format: RenderedFormat }) => void answer(message));
