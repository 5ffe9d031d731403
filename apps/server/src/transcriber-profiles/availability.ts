/** Whether a profile's engine can run on this machine now, and if not, what to do about it. */
import fs from 'node:fs';
import path from 'node:path';
import { findOnPath, findSharedLibrary, POCKETSPHINX_LIBRARY } from '@palabre/engines';
import type { Config } from '../config.ts';
import type { TranscriberProfileRow } from './repo.ts';

export interface Availability {
  ok: boolean;
  reason?: string;
}

/** Debian's libpocketsphinx3 (the library the engine calls), pocketsphinx (its fallback program) and pocketsphinx-en-us packages. */
export const POCKETSPHINX_BINARIES = ['pocketsphinx_continuous', 'pocketsphinx'];
export const POCKETSPHINX_MODEL_FILES = [
  '/usr/share/pocketsphinx/model/en-us/en-us',
  '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
];

export const modelsDir = (config: Config) => path.join(config.dataDir, 'models');

/** The files a whisper model name may have been saved as by `palabre models pull <name>`. */
export function whisperModelCandidates(config: Config, model: string): string[] {
  const dir = modelsDir(config);
  const base = path.basename(model); // a name, never a path
  return [path.join(dir, `ggml-${base}.bin`), path.join(dir, `${base}.bin`), path.join(dir, base)];
}

export function availability(config: Config, profile: Pick<TranscriberProfileRow, 'type' | 'config'>): Availability {
  switch (profile.type) {
    case 'pocketsphinx': {
      // The engine decodes with the library and falls back to the program: either one will do.
      if (findSharedLibrary(POCKETSPHINX_LIBRARY) === null && !POCKETSPHINX_BINARIES.some((binary) => findOnPath(binary) !== null)) {
        return { ok: false, reason: 'PocketSphinx is not installed (Debian/Ubuntu: apt-get install libpocketsphinx3 pocketsphinx-en-us)' };
      }
      const missing = POCKETSPHINX_MODEL_FILES.filter((file) => !fs.existsSync(file));
      if (missing.length > 0) return { ok: false, reason: `PocketSphinx model files missing (${missing.join(', ')}): apt-get install pocketsphinx-en-us` };
      return { ok: true };
    }
    case 'whisper': {
      const model = profile.config.model;
      if (!model) return { ok: false, reason: 'no whisper model chosen in this profile' };
      if (!whisperModelCandidates(config, model).some((file) => fs.existsSync(file))) {
        return { ok: false, reason: `model not installed: run palabre models pull ${model}` };
      }
      return { ok: true };
    }
    case 'openai':
      return profile.config.endpoint ? { ok: true } : { ok: false, reason: 'no endpoint configured: set the URL of an OpenAI-compatible server' };
  }
}
