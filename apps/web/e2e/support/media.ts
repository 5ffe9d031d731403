/** Media for tests that need a processed one: the English fixture uploaded as the upload form sends it. */
import fs from 'node:fs';
import path from 'node:path';
import type { Api } from './api.ts';
import { REPO_ROOT } from './env.ts';
import { expect } from './fixtures.ts';

export const FIXTURE = path.resolve(REPO_ROOT, '../shared/fixtures/audio/jfk-en.wav');
/** Upload end → done for the 11 s fixture takes seconds; the bound leaves room for a loaded machine. */
export const PROCESSING_TIMEOUT = 120_000;

/** Creates a media from the English fixture (multipart) and, unless told not to, waits until it is processed. */
export async function createMedia(
  api: Api,
  token: string,
  organizationId: string,
  name: string,
  options: { membersRight?: number; wait?: boolean } = {},
): Promise<string> {
  const xsrf = (await api.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await api.request.post(`/cm-api/api/organizations/${organizationId}/conversations/create`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, accept: 'application/json' },
    multipart: {
      name,
      lang: 'en',
      ...(options.membersRight === undefined ? {} : { membersRight: String(options.membersRight) }),
      file: { name: 'jfk-en.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(FIXTURE) },
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
