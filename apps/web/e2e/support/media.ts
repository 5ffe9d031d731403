/** Media for tests that need a processed one: the English fixture uploaded as the upload form sends it. */
import fs from 'node:fs';
import path from 'node:path';
import type { Api } from './api.ts';
import { REPO_ROOT } from './env.ts';
import { expect } from './fixtures.ts';

export const FIXTURE = path.resolve(REPO_ROOT, '../shared/fixtures/audio/jfk-en.wav');

const CHROMIUM = process.env.PALABRE_E2E_CHROMIUM ?? '/usr/bin/chromium';
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Launch options for Chromium with its fake microphone fed with `file` (the English fixture by
 * default), permission granted without asking. Launch options are per test file (or describe block).
 */
export function fakeMicrophoneLaunch(file: string = FIXTURE) {
  return {
    executablePath: CHROMIUM,
    args: [...BASE_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${file}`],
  };
}
/** Upload end → done for the 11 s fixture takes seconds; the bound leaves room for a loaded machine. */
export const PROCESSING_TIMEOUT = 120_000;

/** A file to upload, as a browser's form sends it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A short, silent 8 kHz mono WAV: a media that processes in no time (for tests about screens, not transcripts). */
export function silentWav(seconds: number): UploadFile {
  const rate = 8000;
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return { name: 'silence.wav', mimeType: 'audio/wav', buffer: Buffer.concat([header, data]) };
}

/** Creates a media from the English fixture (or `file`; multipart) and, unless told not to, waits until it is processed. */
export async function createMedia(
  api: Api,
  token: string,
  organizationId: string,
  name: string,
  options: { membersRight?: number; wait?: boolean; file?: UploadFile } = {},
): Promise<string> {
  const xsrf = (await api.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await api.request.post(`/cm-api/api/organizations/${organizationId}/conversations/create`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, accept: 'application/json' },
    multipart: {
      name,
      lang: 'en',
      ...(options.membersRight === undefined ? {} : { membersRight: String(options.membersRight) }),
      file: options.file ?? { name: 'jfk-en.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(FIXTURE) },
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { conversationId } = (await response.json()) as { conversationId: string };
  if (options.wait === false) return conversationId;
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/cm-api/api/conversations/${conversationId}`, token)).status, {
      timeout: PROCESSING_TIMEOUT,
      intervals: [500, 1000, 2000],
    })
    .toBe('done');
  return conversationId;
}
