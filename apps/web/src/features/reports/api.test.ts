/** A report tab reads the reports that exist: one never generated asks for nothing the server would answer 404 to. */
import type { Report } from '@palabre/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubPage, type StubbedRequest } from '../../api/testPage.ts';
import { fetchReport } from './api.ts';

const MEDIA = '11111111-1111-4111-8111-111111111111';
const summary: Report = {
  _id: '22222222-2222-4222-8222-222222222222',
  conversationId: MEDIA,
  kind: 'summary',
  state: 'up_to_date',
  progress: null,
  method: 'extractive',
  profileName: null,
  language: 'en',
  error: null,
  markdown: '# Summary',
  versionId: '33333333-3333-4333-8333-333333333333',
  generatedAt: '2026-11-20T09:00:00.000Z',
} as Report;

let sent: StubbedRequest[];
afterEach(() => vi.unstubAllGlobals());

function page() {
  sent = [];
  stubPage(`/interface/conversations/${MEDIA}/publish`, {}, (request) => {
    sent.push(request);
    return new URL(request.url, 'http://palabre.test').pathname.endsWith('/reports')
      ? jsonResponse(200, { reports: [summary] })
      : jsonResponse(404, { status: 'error', code: 'not_found' });
  });
}

describe('fetchReport', () => {
  it('answers null for a kind never generated without asking for it', async () => {
    page();
    expect(await fetchReport(MEDIA, 'cra')).toBeNull();
    expect(sent.map((request) => new URL(request.url, 'http://palabre.test').pathname)).toEqual([`/cm-api/api/conversations/${MEDIA}/reports`]);
  });

  it('answers the report of a kind that exists', async () => {
    page();
    expect(await fetchReport(MEDIA, 'summary')).toMatchObject({ kind: 'summary', markdown: '# Summary' });
  });
});
