/**
 * POST /conversations/{id}/download: every format read back by an independent tool (pdftotext,
 * the DOCX and ODT XML, ffmpeg for subtitles, a JSON Schema for JSON), the filter and flags, the PDF
 * preview, who may export, and the caller's language.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zTranscriptExport } from '@palabre/shared';
import { conversationTags, memberships, tagCategories, tags, users } from '../../src/db/schema.ts';
import type { TestClient } from '../harness/client.ts';
import { createCast, seedSharedMedia } from '../harness/cast.ts';
import { pdfText, readWith, xmlText } from '../harness/read-documents.ts';
import { insertMedia, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let french: TestUser;
let orgId: string;
let mediaId: string;

const transcript = () =>
  makeTranscript(
    [
      { speaker: 'spk1', text: 'Bonjour à tous, voici le budget prévisionnel.' },
      { speaker: 'spk2', text: 'The budgets look fine to me.', start: 62 },
      { speaker: 'spk1', text: "L'élève a été très efficace cette année." },
    ],
    { names: { spk1: 'Élodie Crémieux', spk2: 'Bob' } },
  );

const download = (client: TestClient, format: string, options: { json?: unknown; query?: Record<string, string>; headers?: Record<string, string>; id?: string } = {}) =>
  client.request('POST', `${API}/conversations/${options.id ?? mediaId}/download`, { json: options.json ?? {}, query: { format, ...options.query }, headers: options.headers });

beforeAll(async () => {
  server = await startTestServer();
  const cast = await createCast(server);
  ({ owner, writer, reader, outsider, orgId } = cast);
  french = await server.quickUser();
  await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: french.id, role: 1 });
  await server.ctx.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, french.id));
  mediaId = await seedSharedMedia(server, cast, { transcript: transcript(), name: 'Réunion d’équipe', language: 'fr' });
  const [category] = await server.ctx.db.insert(tagCategories).values({ organizationId: orgId, name: 'Thèmes', color: 'blue' }).returning();
  const [tag] = await server.ctx.db.insert(tags).values({ organizationId: orgId, categoryId: category!.id, name: 'Finances' }).returning();
  await server.ctx.db.insert(conversationTags).values({ conversationId: mediaId, tagId: tag!.id });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('every format, read back by an independent tool', () => {
  it('JSON matches its JSON Schema and keeps word times', async () => {
    const res = await download(reader.client, 'json', { json: { metadata: { tags: true } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[ -~]+\.json";/);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Réunion d’équipe.json')}`);
    const validate = new Ajv2020({ strict: false }).compile(z.toJSONSchema(zTranscriptExport));
    const json = JSON.parse(res.bytes.toString('utf8'));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.tags).toEqual(['Finances']);
    expect(json.turns.map((t: { speaker: string }) => t.speaker)).toEqual(['Élodie Crémieux', 'Bob', 'Élodie Crémieux']);
    expect(json.turns[1].words[0]).toMatchObject({ word: 'The', start: 62 });
  });

  it('text has the header and prefixed turns', async () => {
    const res = await download(reader.client, 'text', { json: { metadata: { description: false } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = res.bytes.toString('utf8');
    expect(text.split('\n')[0]).toBe('Réunion d’équipe');
    expect(text).toContain('[00:01:02] Bob: The budgets look fine to me.');
  });

  it('DOCX holds the text, headings and numbered footer', async () => {
    const res = await download(reader.client, 'docx');
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(res.bytes);
    const text = xmlText(await zip.file('word/document.xml')!.async('string'));
    expect(text).toContain('Élodie Crémieux — 00:00:01');
    expect(text).toContain("L'élève a été très efficace cette année.");
    const footers = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^word\/footer\d*\.xml$/.test(n))
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(footers.join('')).toMatch(/Page[\s\S]*PAGE[\s\S]*of[\s\S]*NUMPAGES/);
  });

  it('PDF has the text with its accents and page numbers', async () => {
    const res = await download(reader.client, 'pdf', { json: { metadata: { tags: true } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const text = pdfText(res.bytes);
    expect(text).toContain('Réunion d’équipe');
    expect(text).toContain('Tags: Finances');
    expect(text).toContain("L'élève a été très efficace cette année.");
    expect(text).toContain('Page 1 of 1');
  });

  it('ODT holds the text and page fields', async () => {
    const res = await download(reader.client, 'odt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.oasis.opendocument.text');
    const zip = await JSZip.loadAsync(res.bytes);
    const text = xmlText(await zip.file('content.xml')!.async('string'));
    expect(text).toContain('Bob — 00:01:02');
    expect(text).toContain('Bonjour à tous, voici le budget prévisionnel.');
    expect(await zip.file('styles.xml')!.async('string')).toContain('<text:page-count');
  }, 120_000);

  for (const format of ['srt', 'vtt'] as const) {
    it(`${format.toUpperCase()} is read by ffmpeg`, async () => {
      const res = await download(reader.client, format, { json: { filter: { speaker: 'Bob' } } });
      expect(res.status).toBe(200);
      const body = res.bytes.toString('utf8');
      if (format === 'vtt') expect(body.startsWith('WEBVTT')).toBe(true);
      expect(body).toContain('The budgets look fine to me.');
      expect(body).not.toContain('Bonjour');
      // ffmpeg parses the cues and writes them out again as SubRip.
      const parsed = readWith(res.bytes, format, 'ffmpeg', (f) => ['-v', 'error', '-i', f, '-f', 'srt', '-']);
      expect(parsed).toContain('budgets');
      expect(parsed).toMatch(/00:01:0\d,\d{3} --> /);
    });
  }
});

describe('the filter and the flags', () => {
  it('keeps the speakers and keywords asked for', async () => {
    const bySpeaker = JSON.parse((await download(reader.client, 'json', { json: { filter: { speaker: 'Élodie Crémieux' } } })).bytes.toString('utf8'));
    expect(bySpeaker.turns).toHaveLength(2);
    const byKeyword = JSON.parse((await download(reader.client, 'json', { json: { filter: { keyword: 'ELEVE, fine' }, metadata: { keyword: true } } })).bytes.toString('utf8'));
    expect(byKeyword.turns.map((t: { text: string }) => t.text)).toEqual(['The budgets look fine to me.', "L'élève a été très efficace cette année."]);
    expect(byKeyword.keywords).toEqual(['ELEVE', 'fine']);
    const none = (await download(reader.client, 'text', { json: { filter: { keyword: 'budge' } } })).bytes.toString('utf8');
    expect(none).not.toContain('budget');
  });

  it('turns the prefixes off', async () => {
    const res = await download(reader.client, 'text', { json: { metadata: { timestamp: false, speakers: false } } });
    const text = res.bytes.toString('utf8');
    expect(text.split('\n')).toContain('The budgets look fine to me.');
    expect(text).not.toContain('[00:');
    expect(text).not.toContain('Bob');
    const pdf = pdfText((await download(reader.client, 'pdf', { json: { metadata: { timestamp: false } } })).bytes);
    expect(pdf).not.toContain('00:01:02');
    expect(pdf).toContain('Bob');
  });

  it('refuses an unknown filter field or a bad flag', async () => {
    expect((await download(reader.client, 'text', { json: { filter: { who: 'Bob' } } })).status).toBe(400);
    expect((await download(reader.client, 'text', { json: { metadata: { tags: 'yes' } } })).status).toBe(400);
  });
});

describe('the query', () => {
  it('previews a PDF inline whatever the format', async () => {
    const res = await download(reader.client, 'docx', { query: { preview: 'true' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('titles the document and names the file after the title, safely', async () => {
    const res = await download(reader.client, 'text', { query: { title: 'Compte "rendu"/final', flavor: 'verbatim', regenerate: 'false', llmOutputType: 'markdown' } });
    expect(res.status).toBe(200);
    expect(res.bytes.toString('utf8').split('\n')[0]).toBe('Compte "rendu"/final');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Compte rendufinal.txt"; filename*=UTF-8''Compte%20rendufinal.txt`);
  });

  it('answers 400 for an unknown format or flavor', async () => {
    const bad = await download(reader.client, 'rtf');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('format');
    expect((await download(reader.client, 'pdf', { query: { flavor: 'minutes' } })).status).toBe(400);
    // A report flavour serves that report (reports.test.ts): none was generated for this media.
    expect((await download(reader.client, 'pdf', { query: { flavor: 'summary' } })).status).toBe(404);
  });
});

describe('who may export', () => {
  it('the owner, a writer and a reader may', async () => {
    for (const user of [owner, writer, reader]) expect((await download(user.client, 'text')).status).toBe(200);
  });

  it('an outsider is told the media does not exist, and so is everyone for an unknown one', async () => {
    expect((await download(outsider.client, 'text')).status).toBe(404);
    expect((await download(reader.client, 'text', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('a media still processing has nothing to export yet', async () => {
    const pending = await insertMedia(server, { organizationId: orgId, ownerId: owner.id, status: 'pending' });
    const res = await download(owner.client, 'pdf', { id: pending });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });

  it('a caller who is not signed in is refused', async () => {
    const res = await reader.client.request('POST', `${API}/conversations/${mediaId}/download`, { json: {}, query: { format: 'text' }, auth: false });
    expect(res.status).toBe(401);
  });
});

describe("the caller's language", () => {
  it("labels a French user's documents in French", async () => {
    const text = (await download(french.client, 'text', { json: { metadata: { tags: true } } })).bytes.toString('utf8');
    expect(text).toContain('Intervenants: Élodie Crémieux, Bob');
    expect(text).toContain('Étiquettes: Finances');
    expect(pdfText((await download(french.client, 'pdf')).bytes)).toContain('Page 1 sur 1');
  });

  it('follows Accept-Language when the user chose no language', async () => {
    const text = (await download(reader.client, 'text', { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })).bytes.toString('utf8');
    expect(text).toContain('Exporté le');
  });
});
