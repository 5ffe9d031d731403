/**
 * Reports (docs/reports.md) against a local server speaking the chat-completions protocol: every
 * state (queued, generating, up to date, error, outdated after a transcript edit), regeneration, the
 * model's prompts and map-reduce, a provider error and the retry, the extractive methods without a
 * model, versions (edit, restore, stale save), rights, and the downloads read back by independent tools.
 */
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationUpdate, Transcript } from '@palabre/shared';
import { startChatModelServer, type ChatModelServer } from '../../../../packages/engines/test/support/chat-model-server.ts';
import { aiProfiles, organizations } from '../../src/db/schema.ts';
import type { TestClient } from '../harness/client.ts';
import { createCast, seedSharedMedia } from '../harness/cast.ts';
import { pdfText, xmlText } from '../harness/read-documents.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
let server: TestServer;
let chat: ChatModelServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let mediaId: string;
let profileId: string;
let smallProfileId: string;
const notices: ConversationUpdate[] = [];

const TURNS = [
  { speaker: 'alice', text: 'Good morning everyone, um, thank you for joining the budget review of the library project.' },
  { speaker: 'bob', text: 'The library project is late because the supplier delivered the shelves two weeks after the deadline.' },
  { speaker: 'bob', text: 'The the supplier says the delay came from the transport strike.' },
  { speaker: 'chloe', text: 'We decided last month to keep the opening date, so the budget must absorb the extra transport costs.' },
  { speaker: 'alice', text: 'Uh, what does the budget look like for the library project today?' },
  { speaker: 'chloe', text: 'The budget has twelve thousand euros left, and the transport costs take four thousand of them.' },
  { speaker: 'bob', text: 'I propose that we ask the supplier for a discount on the next delivery.' },
  { speaker: 'alice', text: 'We agreed that Bob will call the supplier before Friday and report back at the next meeting.' },
  { speaker: 'chloe', text: 'The opening of the library stays on the first of March.' },
];
const NAMES = { alice: 'Alice Martin', bob: 'Bob Stone', chloe: 'Chloé Dubois' };
const transcript = (): Transcript => makeTranscript(TURNS, { names: NAMES });

const reportsPath = (id = mediaId) => `${API}/conversations/${id}/reports`;
const reportPath = (kind: string, id = mediaId) => `${reportsPath(id)}/${kind}`;

async function settled(kind: string, id = mediaId, client: TestClient = reader.client) {
  await expect.poll(async () => (await client.get(reportPath(kind, id))).body.state, { timeout: 30_000, interval: 100 }).toMatch(/^(up_to_date|error|outdated)$/);
  return (await client.get(reportPath(kind, id))).body;
}

async function generateAndWait(body: Record<string, unknown>, id = mediaId) {
  const res = await writer.client.post(reportsPath(id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { queued: res.body, done: await settled(body.kind as string, id) };
}

const download = (client: TestClient, query: Record<string, string>, id = mediaId) => client.request('POST', `${API}/conversations/${id}/download`, { json: {}, query });

/** The text of every user message a request to the model carried. */
const userText = (body: { messages: Array<{ role: string; content: string }> }) =>
  body.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_JOB_CONCURRENCY: '4', MEDIA_JOB_CONCURRENCY_PER_ORGANIZATION: '4' } });
  const events = server.ctx.events;
  const original = events.conversationChanged.bind(events);
  events.conversationChanged = (organizationId, update) => {
    if (update.kind === 'report' || update.kind === 'transcript') notices.push(update);
    original(organizationId, update);
  };
  chat = await startChatModelServer({ models: ['tiny-report-model'] });
  ({ owner, writer, reader, outsider, orgId } = await createCast(server));
  mediaId = await seedSharedMedia(server, { owner, writer, reader, outsider, orgId }, { transcript: transcript(), name: 'Library review' });
  // Global profiles (saved by system administrators) may reach loopback addresses; neither is the default.
  const [profile] = await server.ctx.db
    .insert(aiProfiles)
    .values({ name: 'Local model', organizationId: null, isDefault: false, config: { endpoint: chat.url, model: 'tiny-report-model', contextTokens: 8192 } })
    .returning();
  profileId = profile!.id;
  const [small] = await server.ctx.db
    .insert(aiProfiles)
    .values({ name: 'Small context', organizationId: null, isDefault: false, config: { endpoint: chat.url, model: 'tiny-report-model', contextTokens: 1024 } })
    .returning();
  smallProfileId = small!.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await chat?.close();
});

describe('the extractive methods, without an AI profile', () => {
  it('queues a summary, generates it and labels it extractive', async () => {
    const { queued, done } = await generateAndWait({ kind: 'summary' });
    expect(queued).toMatchObject({ kind: 'summary', state: 'queued', method: 'extractive', profileName: null, language: 'en', markdown: null, progress: null });
    expect(done).toMatchObject({ state: 'up_to_date', method: 'extractive', error: null, progress: null });
    expect(done.markdown.split('\n')[0]).toBe('_Extractive summary: sentences selected from the transcript, no language model._');
    expect(done.markdown).toContain('# Automatic summary');
    expect(done.markdown).toMatch(/\*\*\[00:\d\d\] (Alice Martin|Bob Stone|Chloé Dubois):\*\*/);
    expect(done.versionId).toBeTruthy();
    expect(done.generatedAt).toBeTruthy();
    const states = notices.filter((n) => n.conversationId === mediaId && n.reportKind === 'summary').map((n) => n.reportState);
    expect(states).toEqual(expect.arrayContaining(['queued', 'generating', 'up_to_date']));
    expect(chat.requests).toHaveLength(0);
  });

  it('assembles cra, cred and cri from the transcript', async () => {
    const cra = (await generateAndWait({ kind: 'cra', profileId: 'extractive' })).done;
    expect(cra.method).toBe('extractive');
    expect(cra.markdown).toContain('## Participants');
    expect(cra.markdown).toContain('- Chloé Dubois');
    expect(cra.markdown).toContain('## Main topics');
    expect(cra.markdown).toContain('### Bob Stone');

    const cred = (await generateAndWait({ kind: 'cred' })).done;
    expect(cred.markdown).toContain('## Agenda');
    expect(cred.markdown).toContain('## Decisions and actions');
    expect(cred.markdown).toContain('We agreed that Bob will call the supplier before Friday');

    const cri = (await generateAndWait({ kind: 'cri' })).done;
    expect(cri.markdown.split('\n')[0]).toMatch(/^_Full text cleaned by rules/);
    expect(cri.markdown).toContain('thank you for joining the budget review');
    expect(cri.markdown).not.toMatch(/\bum\b|\bUh\b|The the/);
    // Bob's two consecutive turns are one paragraph.
    expect(cri.markdown.match(/Bob Stone:\*\*/g)).toHaveLength(2);

    const list = (await reader.client.get(reportsPath())).body.reports;
    expect(list.map((r: { kind: string }) => r.kind).sort()).toEqual(['cra', 'cred', 'cri', 'summary']);
  });

  it('writes a French report with French headings', async () => {
    const done = (await generateAndWait({ kind: 'cra', language: 'fr' })).done;
    expect(done.language).toBe('fr');
    expect(done.markdown.split('\n')[0]).toMatch(/^_Compte rendu extractif/);
    expect(done.markdown).toContain('## Thèmes principaux');
  });
});

describe('versions', () => {
  it('saves an edit as a new version, refuses a stale save and restores', async () => {
    const before = (await reader.client.get(reportPath('summary'))).body;
    const saved = await writer.client.put(reportPath('summary'), { markdown: '# Edited\n\nBy hand.', baseVersionId: before.versionId });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ markdown: '# Edited\n\nBy hand.', state: 'up_to_date', generatedAt: before.generatedAt });
    expect(saved.body.versionId).not.toBe(before.versionId);

    const stale = await writer.client.put(reportPath('summary'), { markdown: 'Lost', baseVersionId: before.versionId });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');

    const versions = (await reader.client.get(`${reportPath('summary')}/versions`)).body.versions;
    expect(versions.map((v: { origin: string }) => v.origin)).toEqual(['edited', 'generated']);
    expect(versions[0]).toMatchObject({ current: true, method: 'extractive', size: '# Edited\n\nBy hand.'.length, author: { _id: writer.id } });
    expect(versions[1].current).toBe(false);

    const first = (await reader.client.get(`${reportPath('summary')}/versions/${before.versionId}`)).body;
    expect(first.markdown).toBe(before.markdown);
    const restored = await writer.client.post(`${reportPath('summary')}/versions/${before.versionId}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.markdown).toBe(before.markdown);
    const after = (await reader.client.get(`${reportPath('summary')}/versions`)).body.versions;
    expect(after.map((v: { origin: string }) => v.origin)).toEqual(['restored', 'edited', 'generated']);

    expect((await reader.client.get(`${reportPath('summary')}/versions/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('the model path', () => {
  it('sends the kind’s prompt with the transcript as timed lines and stores the answer', async () => {
    chat.script({ kind: 'reply', text: '# Summary\n\nThe library opens on **March 1st**.' });
    const { queued, done } = await generateAndWait({ kind: 'summary', profileId });
    expect(queued).toMatchObject({ state: 'queued', method: 'model', profileName: 'Local model' });
    expect(done).toMatchObject({ state: 'up_to_date', method: 'model', profileName: 'Local model', markdown: '# Summary\n\nThe library opens on **March 1st**.\n' });
    expect(chat.requests).toHaveLength(1);
    const body = chat.requests[0]!.body;
    expect(body.model).toBe('tiny-report-model');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain('Markdown');
    expect(userText(body)).toContain('Write an automatic summary');
    expect(userText(body)).toContain('[00:01] Alice Martin: Good morning everyone');
    expect(userText(body)).toMatch(/\[\d\d:\d\d\] Chloé Dubois: The opening of the library stays on the first of March\./);
    const versions = (await reader.client.get(`${reportPath('summary')}/versions`)).body.versions;
    expect(versions[0]).toMatchObject({ origin: 'generated', method: 'model', current: true });

    // The method beside the text is the current version's: an earlier extractive text restored reads
    // as extractive, the model's text restored again as the model's.
    const extractive = versions.find((v: { origin: string; method: string }) => v.origin === 'generated' && v.method === 'extractive');
    const restored = await writer.client.post(`${reportPath('summary')}/versions/${extractive._id}/restore`);
    expect(restored.body).toMatchObject({ method: 'extractive' });
    const back = await writer.client.post(`${reportPath('summary')}/versions/${versions[0]._id}/restore`);
    expect(back.body).toMatchObject({ method: 'model', profileName: 'Local model', markdown: done.markdown });
  });

  it('maps chunks and reduces their notes when the transcript does not fit the context', async () => {
    const long = makeTranscript(
      Array.from({ length: 60 }, (_, i) => ({ ...TURNS[i % TURNS.length]!, text: `${TURNS[i % TURNS.length]!.text} Item ${i} was discussed at length by the committee.` })),
      { names: NAMES },
    );
    const id = await seedSharedMedia(server, { owner, writer, reader, outsider, orgId }, { transcript: long, name: 'Long review' });
    const before = chat.requests.length;
    const { done } = await generateAndWait({ kind: 'cred', profileId: smallProfileId }, id);
    expect(done.state).toBe('up_to_date');
    const calls = chat.requests.slice(before).map((r) => userText(r.body));
    expect(calls.length).toBeGreaterThan(2);
    expect(calls[0]).toMatch(/part 1 of \d+/);
    expect(calls.at(-1)).toContain('notes taken on consecutive parts');
    expect(calls.at(-1)).toContain('commission and delegation report');
    const progress = notices.filter((n) => n.conversationId === id && n.reportState === 'generating').map((n) => n.progress);
    expect(progress.some((p) => p !== undefined && p > 0 && p < 1)).toBe(true);
  }, 60_000);

  it('ends in model_unavailable after a provider error, and a retry succeeds', async () => {
    // The first attempt and its three retries.
    chat.script(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    const failed = (await generateAndWait({ kind: 'cri', profileId })).done;
    expect(failed).toMatchObject({ state: 'error', error: { code: 'model_unavailable' } });
    // The text of the previous generation stays, and so does the method it came from.
    expect(failed).toMatchObject({ method: 'extractive' });
    expect(failed.markdown).toContain('thank you for joining');
    chat.script({ kind: 'reply', text: '**Alice Martin:** Good morning.' });
    // Whatever is left of the failing script is used up first.
    const retried = await (async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const done = (await generateAndWait({ kind: 'cri', profileId })).done;
        if (done.state === 'up_to_date') return done;
      }
      throw new Error('the retry never succeeded');
    })();
    expect(retried).toMatchObject({ state: 'up_to_date', error: null, markdown: '**Alice Martin:** Good morning.\n' });
  }, 120_000);

  it('refuses a profile of another organization or unknown', async () => {
    const res = await writer.client.post(reportsPath(), { kind: 'summary', profileId: crypto.randomUUID() });
    expect(res.status).toBe(404);
  });
});

describe('outdated and regeneration', () => {
  it('is outdated once the transcript changes, and up to date again when regenerated', async () => {
    const report = (await reader.client.get(reportPath('cred'))).body;
    expect(report.state).toBe('up_to_date');
    const turnId = (await server.ctx.documents.read(mediaId))!.text[0]!.turn_id;
    const edit = await writer.client.patch(`${API}/conversations/${mediaId}/turns/${turnId}`, { segment: 'Good morning everyone, the budget review starts now.' });
    expect(edit.status).toBe(200);
    await expect.poll(async () => (await reader.client.get(reportPath('cred'))).body.state, { timeout: 15_000 }).toBe('outdated');
    // The organization's room heard that the stored transcript changed: open report tabs refetch.
    expect(notices.some((n) => n.conversationId === mediaId && n.kind === 'transcript')).toBe(true);
    const again = (await generateAndWait({ kind: 'cred' })).done;
    expect(again.state).toBe('up_to_date');
    const versions = (await reader.client.get(`${reportPath('cred')}/versions`)).body.versions;
    expect(versions.filter((v: { origin: string }) => v.origin === 'generated')).toHaveLength(2);
  });
});

describe('while generating', () => {
  it('answers the running report without a second job and refuses saves and restores', async () => {
    chat.script({ kind: 'hang' });
    const before = chat.requests.length;
    const first = await writer.client.post(reportsPath(), { kind: 'summary', profileId });
    expect(first.status).toBe(202);
    await expect.poll(async () => (await reader.client.get(reportPath('summary'))).body.state, { timeout: 15_000 }).toBe('generating');
    const generating = (await reader.client.get(reportPath('summary'))).body;
    expect(generating.progress).toBeGreaterThanOrEqual(0);
    const second = await writer.client.post(reportsPath(), { kind: 'summary' });
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ _id: first.body._id, state: 'generating', method: 'model' });
    const save = await writer.client.put(reportPath('summary'), { markdown: 'Too early' });
    expect(save.status).toBe(409);
    expect(save.body.code).toBe('generation_in_progress');
    const restore = await writer.client.post(`${reportPath('summary')}/versions/${generating.versionId}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body.code).toBe('generation_in_progress');
    const viaDownload = await download(writer.client, { format: 'pdf', flavor: 'summary', regenerate: 'true' });
    expect(viaDownload.status).toBe(202);
    expect(viaDownload.body).toMatchObject({ _id: first.body._id, state: 'generating' });
    expect(chat.requests.length - before).toBe(1);
  }, 30_000);
});

describe('rights', () => {
  it('lets readers read but not generate, save or restore; outsiders find nothing', async () => {
    expect((await reader.client.get(reportsPath())).status).toBe(200);
    const gen = await reader.client.post(reportsPath(), { kind: 'cra' });
    expect(gen.status).toBe(403);
    expect(gen.body.code).toBe('forbidden');
    expect((await reader.client.put(reportPath('cra'), { markdown: 'x' })).status).toBe(403);
    const cra = (await reader.client.get(reportPath('cra'))).body;
    expect((await reader.client.post(`${reportPath('cra')}/versions/${cra.versionId}/restore`)).status).toBe(403);
    expect((await download(reader.client, { format: 'text', flavor: 'cra', regenerate: 'true' })).status).toBe(403);
    for (const res of [
      await outsider.client.get(reportsPath()),
      await outsider.client.get(reportPath('cra')),
      await outsider.client.post(reportsPath(), { kind: 'cra' }),
      await outsider.client.put(reportPath('cra'), { markdown: 'x' }),
      await download(outsider.client, { format: 'text', flavor: 'cra' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it("needs the organization's generate-summary permission to generate", async () => {
    const [org] = await server.ctx.db.select().from(organizations).where(eq(organizations.id, orgId));
    await server.ctx.db
      .update(organizations)
      .set({ permissions: { ...org!.permissions, summary: false } })
      .where(eq(organizations.id, orgId));
    try {
      const refused = await writer.client.post(reportsPath(), { kind: 'cra' });
      expect(refused.status).toBe(403);
      // Saving needs the write right only.
      const cra = (await writer.client.get(reportPath('cra'))).body;
      expect((await writer.client.put(reportPath('cra'), { markdown: '# Mine', baseVersionId: cra.versionId })).status).toBe(200);
      // The owner keeps every tool.
      expect((await owner.client.post(reportsPath(), { kind: 'cra' })).status).toBe(202);
      await settled('cra');
    } finally {
      await server.ctx.db.update(organizations).set({ permissions: org!.permissions }).where(eq(organizations.id, orgId));
    }
  });

  it('refuses an unknown kind', async () => {
    expect((await writer.client.post(reportsPath(), { kind: 'verbatim' })).status).toBe(400);
    expect((await reader.client.get(reportPath('minutes'))).status).toBe(400);
  });
});

describe('downloads', () => {
  it('serves Word, PDF, Markdown, plain text and JSON', async () => {
    const report = (await reader.client.get(reportPath('cred'))).body;

    const docx = await download(reader.client, { format: 'docx', flavor: 'cred' });
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.headers.get('content-disposition')).toContain(encodeURIComponent('Commission and delegation report — Library review.docx'));
    const zip = await JSZip.loadAsync(docx.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    const words = xmlText(xml);
    expect(words).toContain('Commission and delegation report — Library review');
    expect(words).toContain('Decisions and actions');
    expect(words).toContain('We agreed that Bob will call the supplier before Friday');
    expect(xml).toContain('w:numPr');

    const pdf = await download(reader.client, { format: 'pdf', flavor: 'cred', title: 'Réunion budgétaire' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Réunion budgétaire');
    expect(text).toContain('Decisions and actions');
    expect(text).toContain('Page 1 of');

    const preview = await download(reader.client, { format: 'json', flavor: 'cred', preview: 'true' });
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);

    const markdown = await download(reader.client, { format: 'text', flavor: 'cred' });
    expect(markdown.status).toBe(200);
    expect(markdown.bytes.toString('utf8')).toBe(report.markdown);
    const plain = await download(reader.client, { format: 'text', flavor: 'cred', llmOutputType: 'text' });
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(plain.bytes.toString('utf8')).toContain('Decisions and actions');
    expect(plain.bytes.toString('utf8')).not.toContain('## ');

    const json = await download(reader.client, { format: 'json', flavor: 'cred' });
    expect(JSON.parse(json.bytes.toString('utf8'))).toEqual({
      kind: 'cred',
      state: report.state,
      method: 'extractive',
      markdown: report.markdown,
      generatedAt: report.generatedAt,
    });
  });

  it('lays out a model’s Markdown: headings, lists, quotes, code, tables, emphasis and links', async () => {
    const markdown = [
      '# Minutes',
      '',
      'A **strong** point, an *emphasised* one, `code` and a [link](https://example.org/minutes).',
      '',
      '1. First item',
      '2. Second item',
      '   - nested bullet',
      '',
      '> A quoted statement.',
      '',
      '```',
      'const total = 12;',
      '```',
      '',
      '| Item | Owner |',
      '| --- | --- |',
      '| Supplier call | Bob |',
      '',
      '---',
      '',
      '<script>alert(1)</script>',
    ].join('\n');
    const cra = (await writer.client.get(reportPath('cra'))).body;
    expect((await writer.client.put(reportPath('cra'), { markdown, baseVersionId: cra.versionId })).status).toBe(200);
    const pdf = pdfText((await download(reader.client, { format: 'pdf', flavor: 'cra' })).bytes);
    for (const part of [
      'Minutes',
      'strong',
      'emphasised',
      'First item',
      'nested bullet',
      'A quoted statement.',
      'const total = 12;',
      'Supplier call',
      '<script>alert(1)</script>',
    ]) {
      expect(pdf).toContain(part);
    }
    const zip = await JSZip.loadAsync((await download(reader.client, { format: 'docx', flavor: 'cra' })).bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:b/>');
    expect(xml).toContain('<w:i/>');
    expect(xml).toContain('w:hyperlink');
    expect(await zip.file('word/_rels/document.xml.rels')!.async('string')).toContain('https://example.org/minutes');
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers not_found for a report that does not exist, and 400 for a format reports do not have', async () => {
    const id = await seedSharedMedia(server, { owner, writer, reader, outsider, orgId }, { transcript: transcript(), name: 'Fresh' });
    const missing = await download(reader.client, { format: 'pdf', flavor: 'summary' }, id);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    expect((await download(reader.client, { format: 'odt', flavor: 'cred' })).status).toBe(400);
  });

  it('regenerates through the form with the generation rights', async () => {
    const id = await seedSharedMedia(server, { owner, writer, reader, outsider, orgId }, { transcript: transcript(), name: 'Regenerated' });
    const res = await download(writer.client, { format: 'docx', flavor: 'summary', regenerate: 'true' }, id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'summary', state: 'queued', conversationId: id });
    expect((await settled('summary', id)).state).toBe('up_to_date');
  });
});
