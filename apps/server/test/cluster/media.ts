/** Media for the cluster tier: uploads through a node's HTTP API, as the web client sends them. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from '../harness/client.ts';
import { FIXTURES } from '../harness/live.ts';

export const JFK = path.join(FIXTURES, 'jfk-en.wav');

/** The JFK sentence `times` over in one WAV file (a media long enough to be killed mid-step). */
export function repeatedJfk(times: number): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-cluster-media-'));
  const file = path.join(dir, `jfk-x${times}.wav`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', String(times - 1), '-i', JFK, '-c', 'copy', file]);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** POST …/conversations/create with one file, transcribed with `profileId`; answers the media's id. */
export async function upload(client: TestClient, organizationId: string, file: string, profileId: string, name = path.basename(file)): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('serviceName', profileId);
  form.append('lang', 'en');
  form.append('file', new Blob([fs.readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
  const response = await client.request('POST', `/cm-api/api/organizations/${organizationId}/conversations/create`, { form });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { conversationId: string }).conversationId;
}
