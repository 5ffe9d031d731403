/**
 * Runs the built-in speaker clustering (packages/engines) in a worker thread: feature extraction
 * and clustering are CPU work in JavaScript and must not block the HTTP event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diarizeWavFile } from '@palabre/engines';

const { wavPath, numberOfSpeakers } = workerData as { wavPath: string; numberOfSpeakers: number | null };
diarizeWavFile(wavPath, {
  ...(numberOfSpeakers ? { numberOfSpeakers } : {}),
  onProgress: (fraction) => parentPort!.postMessage({ type: 'progress', fraction }),
}).then(
  (segments) => parentPort!.postMessage({ type: 'done', segments }),
  (error: unknown) =>
    parentPort!.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      code: (error as { code?: unknown })?.code,
    }),
);
