/**
 * The export writers' thread: laying out a long PDF or Word document takes the CPU for a moment
 * (half a second for three hours of speech), which must not stall every other request of the server.
 * Receives a render job (a transcript's or a report's document model and a format), answers the file's bytes.
 */
import { parentPort } from 'node:worker_threads';
import { renderJob, type RenderJob } from './render.ts';

async function answer(message: { id: number; job: RenderJob }): Promise<void> {
  try {
    const bytes = await renderJob(message.job);
    // Copied once into a buffer of its own, which then moves to the main thread without another copy.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    parentPort!.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

parentPort!.on('message', (message: { id: number; job: RenderJob }) => void answer(message));
