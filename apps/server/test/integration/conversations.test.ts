/**
 * Media (conversations): upload through the multipart create call (streaming, limits, formats,
 * permissions), reading with projections, the media file with HTTP Range, editing, deleting,
 * children, the organization list and retry. Jobs are recorded, not run: the pipeline has its own
 * tests.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE, zConversation } from '@palabre/shared';
import { conversationsRepo } from '../../src/conversations/repo.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, TINY_PNG, joinByInvitation, type TestServer, type TestUser } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));
const SHORT_FR = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/short-fr.wav'));
/** Small enough for the fixtures, small enough to exceed in a test. */
const LIMIT = 400_000;

let server: TestServer;
const sent: Array<{ name: string; payload: any }> = [];
const events: Array<{ organizationId: string; update: any }> = [];

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_UPLOAD_BYTES: String(LIMIT) } });
  // Record jobs and notices instead of running the pipeline.
  server.ctx.jobs = { send: async (name, payload) => void sent.push({ name, payload }) };
  server.ctx.events = { conversationChanged: (organizationId, update) => void events.push({ organizationId, update }) };
});
afterAll(() => server?.close());
beforeEach(() => {
  sent.length = 0;
  events.length = 0;
});

const API = '/cm-api/api';
const createPath = (orgId: string) => `${API}/organizations/${orgId}/conversations/create`;

interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}

function form(fields: Record<string, string>, files: Upload[] = []): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const f of files) data.append('file', new Blob([f.bytes], { type: f.type ?? 'audio/wav' }), f.name);
  return data;
}

const jfk: Upload = { bytes: JFK, name: 'jfk-en.wav' };

async function upload(user: TestUser, orgId: string, fields: Record<string, string> = { name: 'JFK' }, files: Upload[] = [jfk]) {
  return user.client.request('POST', createPath(orgId), { form: form(fields, files) });
}

async function rowsOf(orgId: string) {
  return server.ctx.db.select().from(conversations).where(eq(conversations.organizationId, orgId));
}

/** Files under the media folder of the storage (every media of this server). */
function storedFiles(): string[] {
  const root = path.join(server.ctx.config.dataDir, 'storage', 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
  const member = await server.quickUser();
  const admin = await server.quickUser();
  for (const [user, role] of [
    [member, 1],
    [admin, 3],
  ] as Array<[TestUser, number]>) {
    await joinByInvitation(server, owner.client, org._id, user, role);
  }
  return { owner, org, member, admin };
}

async function uploaded(user: TestUser, orgId: string, fields: Record<string, string> = { name: 'JFK' }) {
  const response = await upload(user, orgId, fields);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.conversationId as string;
}

describe('POST /organizations/:id/conversations/create', () => {
  it('stores the uploaded file, creates a pending media with the default profile, queues preprocessing and tells the room', async () => {
    const { owner, org } = await team();
    const response = await upload(owner, org._id, {
      name: 'Ich bin ein Berliner',
      description: 'A speech',
      lang: 'en',
      membersRight: '1',
      transcriptionConfig: JSON.stringify({ diarization: { enabled: true, numberOfSpeakers: 1 }, punctuation: 'disabled' }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: expect.any(String), conversationId: expect.any(String) });
    const id = response.body.conversationId;

    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({
      organizationId: org._id,
      ownerId: owner.id,
      name: 'Ich bin ein Berliner',
      status: 'pending',
      source: 'upload',
      requestedLanguage: 'en',
      membersRight: 1,
    });
    expect(row!.files.originals).toEqual([{ key: expect.stringContaining(id), name: 'jfk-en.wav', size: JFK.length, mimeType: 'audio/wav' }]);
    expect(row!.channels).toEqual([{ index: 0, name: 'jfk-en' }]);
    expect(row!.transcriberProfileId).toBeTruthy();
    const stored = path.join(server.ctx.config.dataDir, 'storage', row!.files.originals[0]!.key);
    expect(fs.readFileSync(stored).equals(JFK)).toBe(true);

    expect(sent).toEqual([{ name: 'media.preprocess', payload: { conversationId: id } }]);
    expect(events).toEqual([{ organizationId: org._id, update: expect.objectContaining({ conversationId: id, kind: 'created' }) }]);

    const read = await owner.client.get(`${API}/conversations/${id}`);
    expect(read.status).toBe(200);
    const conversation = zConversation.parse(read.body);
    expect(conversation).toMatchObject({ _id: id, status: 'pending', right: 31, requestedLanguage: 'en', transcriptionConfig: { punctuation: 'disabled', normalization: true } });
    expect(conversation.jobs.transcription).toMatchObject({ state: 'pending', progress: 0 });
    expect(conversation.jobs.transcription.steps.map((s) => s.name)).toEqual(['preprocessing', 'transcription', 'diarization', 'punctuation', 'postprocessing']);
  });

  it('accepts as membersRight only the right levels PATCH accepts', async () => {
    const { owner, org } = await team();
    for (const value of ['9', '21', '30', '-1', '32']) {
      const refused = await upload(owner, org._id, { name: 'Odd right', membersRight: value });
      expect(refused.status, value).toBe(400);
      expect(refused.body.fields).toMatchObject({ membersRight: expect.stringMatching(/^error\./) });
    }
    expect(await rowsOf(org._id)).toHaveLength(0);
    const id = await uploaded(owner, org._id, { name: 'Level', membersRight: '7' });
    for (const value of [9, 21]) {
      expect((await owner.client.patch(`${API}/conversations/${id}`, { membersRight: value })).status).toBe(400);
    }
    expect((await owner.client.patch(`${API}/conversations/${id}`, { membersRight: 3 })).status).toBe(200);
  });

  it('makes one media with one channel per uploaded track, named from channelNames or the file names', async () => {
    const { owner, org } = await team();
    const two = [jfk, { bytes: SHORT_FR, name: 'short-fr.wav' }];
    const named = await upload(owner, org._id, { name: 'Two tracks', channelNames: JSON.stringify(['Alice', 'Bob']) }, two);
    expect(named.status).toBe(201);
    const unnamed = await upload(owner, org._id, { name: 'Two tracks' }, two);
    expect(unnamed.status).toBe(201);
    const rows = await rowsOf(org._id);
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.id === named.body.conversationId)!;
    const b = rows.find((r) => r.id === unnamed.body.conversationId)!;
    expect(a.channels).toEqual([
      { index: 0, name: 'Alice' },
      { index: 1, name: 'Bob' },
    ]);
    expect(b.channels).toEqual([
      { index: 0, name: 'jfk-en' },
      { index: 1, name: 'short-fr' },
    ]);
    expect(a.files.originals.map((o) => o.size)).toEqual([JFK.length, SHORT_FR.length]);
  });

  it('refuses markup in track names and neutralises it in file names', async () => {
    const { owner, org } = await team();
    const refused = await upload(owner, org._id, { name: 'Tracks', channelNames: JSON.stringify(['<b>Alice</b>']) });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'channelNames.0': 'error.unauthorized_caracters' });
    expect(await rowsOf(org._id)).toHaveLength(0);

    const hostile = await upload(owner, org._id, { name: 'Hostile' }, [{ bytes: JFK, name: '<img src=x onerror=alert(1)>\u202evaw.exe\u200b.wav' }]);
    expect(hostile.status).toBe(201);
    const [row] = await rowsOf(org._id);
    expect(row!.files.originals[0]!.name).toBe('_img src=x onerror=alert(1)_vaw.exe.wav');
    expect(row!.channels).toEqual([{ index: 0, name: '_img src=x onerror=alert(1)_vaw.exe' }]);
  });

  it('answers 400 "you did not upload any audio file" without a file or a URL', async () => {
    const { owner, org } = await team();
    const response = await upload(owner, org._id, { name: 'Nothing' }, []);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message: 'Error: you did not upload any audio file' });
    expect(await rowsOf(org._id)).toHaveLength(0);
  });

  it('answers 400 "please check the form" with the fields for an invalid form, and keeps no file', async () => {
    const { owner, org } = await team();
    const before = storedFiles().length;
    const response = await upload(owner, org._id, { name: '  ', lang: 'de' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message: 'Error: please check the form', fields: { name: 'error.required', lang: 'error.invalid' } });
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a file that is not audio or video (a PNG, even declared as audio)', async () => {
    const { owner, org } = await team();
    const before = storedFiles().length;
    for (const type of ['image/png', 'audio/wav']) {
      const response = await upload(owner, org._id, { name: 'Picture' }, [{ bytes: TINY_PNG, name: 'picture.png', type }]);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', fields: { file: 'error.invalid_format' } });
    }
    const text = await upload(owner, org._id, { name: 'Text' }, [{ bytes: Buffer.from('hello, this is not a sound'), name: 'a.txt', type: 'text/plain' }]);
    expect(text.status).toBe(400);
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses bytes of no known media container whatever their declared type: a playlist naming another media’s original', async () => {
    const victim = await team();
    const victimId = await uploaded(victim.owner, victim.org._id);
    const { owner, org } = await team();
    const before = storedFiles().length;
    const playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:11\n#EXTINF:11,\n../${victimId}/original-0.wav\n#EXT-X-ENDLIST\n`);
    const concat = Buffer.from(`ffconcat version 1.0\nfile '../${victimId}/original-0.wav'\n`);
    for (const [bytes, type] of [
      [playlist, 'audio/x-mpegurl'],
      [playlist, 'audio/mpeg'],
      [playlist, 'video/mp4'],
      [concat, 'audio/wav'],
    ] as const) {
      const response = await upload(owner, org._id, { name: 'Stream' }, [{ bytes, name: 'stream.mp3', type }]);
      expect(response.status, type).toBe(400);
      expect(response.body, type).toMatchObject({ code: 'validation_failed', fields: { file: 'error.invalid_format' } });
    }
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
    expect(sent.filter((job) => job.name === 'media.preprocess' && job.payload.conversationId !== victimId)).toEqual([]);
  });

  it('accepts the containers users upload, whatever type the browser declared', async () => {
    const { owner, org } = await team();
    const mp3 = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/meeting-fr-60s.mp3'));
    // The same audio without its ID3 tag starts with a frame header.
    const tagSize = 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
    const cases: Upload[] = [
      { bytes: JFK, name: 'jfk.wav', type: 'application/octet-stream' },
      { bytes: mp3.subarray(0, 300_000), name: 'tagged.mp3', type: 'audio/mpeg' },
      { bytes: mp3.subarray(tagSize, tagSize + 300_000), name: 'bare.mp3', type: '' },
      { bytes: Buffer.concat([Buffer.from('OggS\u0000\u0002', 'latin1'), Buffer.alloc(64)]), name: 'a.opus', type: 'audio/ogg' },
      { bytes: Buffer.concat([Buffer.from('\u0000\u0000\u0000\u0018ftyp3gp4', 'latin1'), Buffer.alloc(64)]), name: 'a.3gp', type: 'video/3gpp' },
      { bytes: Buffer.concat([Buffer.from('fff15080', 'hex'), Buffer.alloc(64)]), name: 'a.aac', type: 'audio/aac' },
      { bytes: Buffer.concat([Buffer.from('3026b2758e66cf11', 'hex'), Buffer.alloc(64)]), name: 'a.wma', type: 'audio/x-ms-wma' },
      { bytes: Buffer.concat([Buffer.from('#!AMR\n', 'latin1'), Buffer.alloc(64)]), name: 'a.amr', type: 'audio/amr' },
    ];
    for (const file of cases) {
      const response = await upload(owner, org._id, { name: file.name }, [file]);
      expect(response.status, file.name).toBe(201);
    }
  });

  it('answers 413 with the product message for a file over the limit and keeps none of the parts', async () => {
    const { owner, org } = await team();
    const before = storedFiles().length;
    const big = Buffer.concat([JFK, Buffer.alloc(LIMIT - JFK.length + 1000)]);
    const response = await upload(owner, org._id, { name: 'Too big' }, [jfk, { bytes: big, name: 'big.wav' }]);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large', message: 'The audio file is too big. The maximum size is 1GB.' });
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
    expect(sent).toEqual([]);
  });

  it('answers a form with too many fields, files or parts with a clear 400 and closes the connection, keeping nothing', async () => {
    const { owner, org } = await team();
    await owner.client.get(`${API}/config`);
    const xsrf = owner.client.cookies.get('XSRF-TOKEN')!;
    const before = storedFiles().length;
    const boundary = '----palabre-many';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = (n: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t${n}.wav"\r\nContent-Type: audio/wav\r\n\r\n${JFK.subarray(0, 2000).toString('latin1')}\r\n`;
    const cases: Array<[string, string, Record<string, string>]> = [
      ['fields', field('name', 'Many') + Array.from({ length: 80 }, (_, n) => field(`extra${n}`, 'x')).join(''), { _: 'error.too_many_fields' }],
      ['files', field('name', 'Many') + Array.from({ length: 30 }, (_, n) => file(n)).join(''), { file: 'error.too_many_files' }],
    ];
    const url = new URL(createPath(org._id), server.url);
    for (const [what, form, fields] of cases) {
      const body = Buffer.from(`${form}--${boundary}--\r\n`, 'latin1');
      const answer = await new Promise<{ head: string; ended: boolean }>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n` +
              `Authorization: Bearer ${owner.client.authToken}\r\nX-XSRF-Token: ${xsrf}\r\nCookie: XSRF-TOKEN=${xsrf}\r\n\r\n`,
          );
          socket.write(body);
        });
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ head: received, ended: true }));
        setTimeout(() => {
          socket.destroy();
          reject(new Error(`${what}: the connection was left open: ${received.slice(0, 200)}`));
        }, 20_000);
      });
      expect(answer.head, what).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.head.toLowerCase(), what).toContain('connection: close');
      const json = JSON.parse(answer.head.slice(answer.head.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''));
      expect(json, what).toMatchObject({ code: 'validation_failed', fields });
    }
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(storedFiles().length).toBe(before);
    expect(sent).toEqual([]);
  });

  it('leaves no row and no file when the client goes away in the middle of an upload', async () => {
    const { owner, org } = await team();
    const before = storedFiles().length;
    const boundary = '----palabre-abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const url = new URL(createPath(org._id), server.url);
    await owner.client.get(`${API}/config`);
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + JFK.length + 100),
          authorization: `Bearer ${owner.client.authToken}`,
          'x-xsrf-token': owner.client.cookies.get('XSRF-TOKEN')!,
          cookie: `XSRF-TOKEN=${owner.client.cookies.get('XSRF-TOKEN')}`,
        },
      });
      request.on('error', () => resolve());
      request.on('response', (response) => {
        response.resume();
        resolve();
      });
      request.write(head);
      request.write(JFK.subarray(0, JFK.length / 2), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300);
      });
    });
    // The server notices the closed connection and cleans up.
    await expect.poll(() => storedFiles().length, { timeout: 5000 }).toBe(before);
    const partials = (fs.readdirSync(path.join(server.ctx.config.dataDir, 'storage'), { recursive: true }) as string[]).filter((f) => f.endsWith('.part'));
    expect(partials).toEqual([]);
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it("honours the organization's upload permission (403 no_organization_rights for plain members)", async () => {
    const { owner, org, member, admin } = await team();
    const off = await owner.client.patch(`${API}/organizations/${org._id}`, { permissions: { upload: false } });
    expect(off.status).toBe(200);
    const refused = await upload(member, org._id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('no_organization_rights');
    expect((await upload(admin, org._id)).status).toBe(201);
    expect(await rowsOf(org._id)).toHaveLength(1);
  });

  it('answers 404 to someone outside the organization', async () => {
    const { org } = await team();
    const stranger = await server.quickUser();
    const response = await upload(stranger, org._id);
    expect(response.status).toBe(404);
    expect(await rowsOf(org._id)).toHaveLength(0);
  });

  it('refuses a transcriber profile of another organization, accepts its own and the global ones', async () => {
    const { owner, org } = await team();
    const other = await team();
    const foreign = await other.owner.client.post(`${API}/transcriber_profiles`, {
      name: 'Theirs',
      type: 'whisper',
      languages: ['en'],
      organizationId: other.org._id,
      config: { model: 'base.en' },
    });
    expect(foreign.status).toBe(201);
    const own = await owner.client.post(`${API}/transcriber_profiles`, { name: 'Ours', type: 'whisper', languages: ['fr'], organizationId: org._id, config: { model: 'base' } });
    expect(own.status).toBe(201);
    const refused = await upload(owner, org._id, { name: 'x', serviceName: foreign.body._id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ serviceName: 'error.invalid' });
    const accepted = await upload(owner, org._id, { name: 'x', serviceName: own.body._id });
    expect(accepted.status).toBe(201);
    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, accepted.body.conversationId));
    expect(row!.transcriberProfileId).toBe(own.body._id);
  });

  it('with a url instead of files, creates a pending url media and queues the import; a private address is refused', async () => {
    const { owner, org } = await team();
    const created = await upload(owner, org._id, { name: 'Remote', url: 'https://93.184.215.14/talk.mp3' }, []);
    expect(created.status).toBe(201);
    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, created.body.conversationId));
    expect(row).toMatchObject({ source: 'url', status: 'pending' });
    expect(sent).toEqual([{ name: 'media.import-url', payload: { conversationId: row!.id, url: 'https://93.184.215.14/talk.mp3' } }]);

    for (const url of [
      'http://127.0.0.1:1/a.wav',
      'http://[::1]/a.wav',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/a.wav',
      'http://localhost/a.wav',
      'ftp://example.org/a.wav',
    ]) {
      const refused = await upload(owner, org._id, { name: 'Internal', url }, []);
      expect(refused.status, url).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    const both = await upload(owner, org._id, { name: 'Both', url: 'https://93.184.215.14/a.mp3' });
    expect(both.status).toBe(400);
  });
});

describe('GET /conversations/:id', () => {
  it('returns only the projected fields and _id; key=last_update is a shorthand', async () => {
    const { owner, org } = await team();
    const id = await uploaded(owner, org._id);
    const projected = await owner.client.get(`${API}/conversations/${id}`, { query: { projection: 'name,status,nope' } });
    expect(projected.body).toEqual({ _id: id, name: 'JFK', status: 'pending' });
    const key = await owner.client.get(`${API}/conversations/${id}`, { query: { key: 'last_update' } });
    expect(Object.keys(key.body).sort()).toEqual(['_id', 'last_update']);
    expect(Date.parse(key.body.last_update)).not.toBeNaN();
  });

  it('includes speakers and text once done, and the processing log on error', async () => {
    const { owner, org } = await team();
    const id = await uploaded(owner, org._id);
    const transcript = {
      version: 1 as const,
      speakers: [{ speaker_id: 's1', speaker_name: 'Speaker 1' }],
      text: [{ turn_id: 't1', speaker_id: 's1', segment: 'hello', stime: 0, etime: 1, words: [{ wid: 'w1', word: 'hello', stime: 0, etime: 1, confidence: 0.9 }] }],
    };
    await server.ctx.db.update(conversations).set({ status: 'done', progress: 1, transcript }).where(eq(conversations.id, id));
    const done = await owner.client.get(`${API}/conversations/${id}`);
    expect(done.body).toMatchObject({ status: 'done', speakers: transcript.speakers, text: transcript.text, jobs: { transcription: { state: 'done', progress: 1 } } });
    // A projection names the transcript's fields to get them; any other leaves the transcript unread.
    const projected = await owner.client.get(`${API}/conversations/${id}`, { query: { projection: 'name,text' } });
    expect(projected.body).toEqual({ _id: id, name: 'JFK', text: transcript.text });
    const withoutTranscript = await owner.client.get(`${API}/conversations/${id}`, { query: { projection: 'name,status,right' } });
    expect(withoutTranscript.body).toEqual({ _id: id, name: 'JFK', status: 'done', right: expect.any(Number) });
    await server.ctx.db
      .update(conversations)
      .set({ status: 'error', processing: { steps: [], log: 'ffprobe: invalid data' } })
      .where(eq(conversations.id, id));
    const failed = await owner.client.get(`${API}/conversations/${id}`);
    expect(failed.body.jobs.transcription).toMatchObject({ state: 'error', log: 'ffprobe: invalid data' });
    expect(failed.body.text).toBeUndefined();
  });

  it('answers 404 to another organization, to members when membersRight is 0, and for unknown ids', async () => {
    const { owner, org, member, admin } = await team();
    const id = await uploaded(owner, org._id, { name: 'Private', membersRight: '0' });
    const outsider = (await team()).owner;
    expect((await outsider.client.get(`${API}/conversations/${id}`)).status).toBe(404);
    expect((await outsider.client.get(`${API}/conversations/${id}/media`)).status).toBe(404);
    expect((await member.client.get(`${API}/conversations/${id}`)).status).toBe(404);
    expect((await admin.client.get(`${API}/conversations/${id}`)).body.right).toBe(31);
    expect((await owner.client.get(`${API}/conversations/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await owner.client.get(`${API}/conversations/not-an-id`)).status).toBe(400);
  });
});

describe('PATCH and DELETE /conversations/:id', () => {
  it('lets writers rename and describe; readers are refused', async () => {
    const { owner, org, member, admin } = await team();
    const id = await uploaded(owner, org._id, { name: 'Draft', membersRight: '3' });
    const refused = await member.client.patch(`${API}/conversations/${id}`, { name: 'Mine' });
    expect(refused.status).toBe(403);
    const renamed = await owner.client.patch(`${API}/conversations/${id}`, { name: ' Final ', description: 'Done' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Final', description: 'Done' });
    expect((await admin.client.patch(`${API}/conversations/${id}`, { description: 'By the admin' })).status).toBe(200);
    expect((await owner.client.patch(`${API}/conversations/${id}`, { name: '' })).status).toBe(400);
    expect((await owner.client.patch(`${API}/conversations/${id}`, { owner: 'x' })).status).toBe(400);
    const writable = await uploaded(owner, org._id, { name: 'Shared', membersRight: '7' });
    expect((await member.client.patch(`${API}/conversations/${writable}`, { name: 'Edited' })).status).toBe(200);
    expect(events.some((e) => e.update.kind === 'updated' && e.update.conversationId === id)).toBe(true);
  });

  it('deletes with the delete right: the row and every file go, the room is told', async () => {
    const { owner, org, member } = await team();
    const id = await uploaded(owner, org._id, { name: 'Doomed', membersRight: '7' });
    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    const file = path.join(server.ctx.config.dataDir, 'storage', row!.files.originals[0]!.key);
    expect(fs.existsSync(file)).toBe(true);
    expect((await member.client.delete(`${API}/conversations/${id}`)).status).toBe(403);
    const deleted = await owner.client.delete(`${API}/conversations/${id}`);
    expect(deleted.status).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    expect(await rowsOf(org._id)).toHaveLength(0);
    expect(events).toContainEqual({ organizationId: org._id, update: { conversationId: id, kind: 'deleted' } });
    expect((await owner.client.get(`${API}/conversations/${id}`)).status).toBe(404);
  });

  it('deletes a media whose processing failed, and retries one', async () => {
    const { owner, org } = await team();
    const failed = await uploaded(owner, org._id);
    const retried = await uploaded(owner, org._id);
    await server.ctx.db.update(conversations).set({ status: 'error', processing: { steps: [], log: 'boom' } });
    expect((await owner.client.delete(`${API}/conversations/${failed}`)).status).toBe(204);
    sent.length = 0;
    const again = await owner.client.post(`${API}/conversations/${retried}/retry`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: retried, status: 'pending' });
    expect(sent).toEqual([{ name: 'media.preprocess', payload: { conversationId: retried } }]);
    const notFailed = await owner.client.post(`${API}/conversations/${retried}/retry`);
    expect(notFailed.status).toBe(409);
  });
});

describe('GET /conversations/:id/media', () => {
  it('serves the original with ranges: first bytes, suffix, open end, 416 on bad ranges', async () => {
    const { owner, org } = await team();
    const id = await uploaded(owner, org._id);
    const mediaPath = `${API}/conversations/${id}/media`;
    const whole = await owner.client.get(mediaPath);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('content-length')).toBe(String(JFK.length));
    expect(whole.bytes.equals(JFK)).toBe(true);

    const first = await owner.client.get(mediaPath, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${JFK.length}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(first.bytes.equals(JFK.subarray(0, 100))).toBe(true);

    const suffix = await owner.client.get(mediaPath, { headers: { range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${JFK.length - 500}-${JFK.length - 1}/${JFK.length}`);
    expect(suffix.bytes.equals(JFK.subarray(JFK.length - 500))).toBe(true);

    const open = await owner.client.get(mediaPath, { headers: { range: `bytes=${JFK.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(open.bytes.equals(JFK.subarray(JFK.length - 10))).toBe(true);

    for (const range of [`bytes=${JFK.length}-`, 'bytes=500-100', 'bytes=abc', 'items=0-1']) {
      const bad = await owner.client.get(mediaPath, { headers: { range } });
      expect(bad.status, range).toBe(416);
      expect(bad.headers.get('content-range')).toBe(`bytes */${JFK.length}`);
    }
  });

  it('accepts the authToken cookie (audio elements send no headers)', async () => {
    const { owner, org } = await team();
    const id = await uploaded(owner, org._id);
    const browser = server.client();
    browser.cookies.set(COOKIE.authToken, owner.client.authToken!);
    const response = await browser.get(`${API}/conversations/${id}/media`, { headers: { range: 'bytes=0-3' } });
    expect(response.status).toBe(206);
    expect(response.bytes.toString('latin1')).toBe('RIFF');
    expect((await server.client().get(`${API}/conversations/${id}/media`)).status).toBe(401);
  });

  it('serves a media whose processing failed with the type we detected, never the declared one, and never as a document', async () => {
    const { owner, org } = await team();
    const html = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const response = await upload(owner, org._id, { name: 'Page' }, [{ bytes: html, name: 'page.mp3', type: 'text/html' }]);
    expect(response.status).toBe(201);
    const id = response.body.conversationId as string;
    await server.ctx.db.update(conversations).set({ status: 'error' }).where(eq(conversations.id, id));
    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    expect(JSON.stringify(row!.files)).not.toContain('text/html');

    const browser = server.client();
    browser.cookies.set(COOKIE.authToken, owner.client.authToken!);
    const media = await browser.get(`${API}/conversations/${id}/media`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('audio/mpeg');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(media.headers.get('content-security-policy')).toContain('sandbox');
    expect(media.headers.get('content-disposition')).toMatch(/^inline; filename="page\.mp3"/);
    expect((await owner.client.get(`${API}/conversations/${id}`)).body.media.mimeType).not.toBe('text/html');

    // Bytes we do not recognise are served as opaque bytes.
    const [stored] = row!.files.originals;
    const { Readable } = await import('node:stream');
    await server.ctx.storage.put(stored!.key, Readable.from([Buffer.from('<!doctype html><p>hello</p>')]));
    const opaque = await browser.get(`${API}/conversations/${id}/media`);
    expect(opaque.headers.get('content-type')).toBe('application/octet-stream');
    expect(opaque.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the web rendition when there is one, and the peaks with ?mediatype=json (404 until computed)', async () => {
    const { owner, org } = await team();
    const id = await uploaded(owner, org._id);
    const mediaPath = `${API}/conversations/${id}/media`;
    expect((await owner.client.get(mediaPath, { query: { mediatype: 'json' } })).status).toBe(404);
    const { Readable } = await import('node:stream');
    const peaks = { version: 2, data: [0, 1, -1, 0.5] };
    await server.ctx.storage.put(`media/${id}/peaks.json`, Readable.from([JSON.stringify(peaks)]));
    const web = await server.ctx.storage.put(`media/${id}/web.m4a`, Readable.from([Buffer.from('web rendition bytes')]));
    const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
    await server.ctx.db
      .update(conversations)
      .set({ files: { ...row!.files, peaks: `media/${id}/peaks.json`, web: { key: `media/${id}/web.m4a`, mimeType: 'audio/mp4', size: web.size } } })
      .where(eq(conversations.id, id));
    // The player's requests (the audio's ranges, the waveform) check the right without reading the
    // transcript: megabytes of JSON on long media.
    const fullReads = vi.spyOn(conversationsRepo, 'byId');
    const json = await owner.client.get(mediaPath, { query: { mediatype: 'json' } });
    expect(json.status).toBe(200);
    expect(json.body).toEqual(peaks);
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    const audio = await owner.client.get(mediaPath);
    expect(audio.headers.get('content-type')).toBe('audio/mp4');
    expect(audio.bytes.toString()).toBe('web rendition bytes');
    expect(fullReads.mock.calls.length).toBe(0);
    fullReads.mockRestore();
    expect((await owner.client.get(`${API}/conversations/${id}`)).body.media).toMatchObject({ playable: true, peaks: true, mimeType: 'audio/mp4' });
  });
});

describe('lists', () => {
  it('GET /organizations/:id/conversations: {count, list}, newest change first, paged; hidden media stay hidden', async () => {
    const { owner, org, member } = await team();
    const a = await uploaded(owner, org._id, { name: 'A' });
    const b = await uploaded(owner, org._id, { name: 'B' });
    const hidden = await uploaded(owner, org._id, { name: 'Hidden', membersRight: '0' });
    await owner.client.patch(`${API}/conversations/${a}`, { description: 'touched' });
    const all = await owner.client.get(`${API}/organizations/${org._id}/conversations`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.list.map((c: any) => c._id)).toEqual([a, hidden, b]);
    const page = await owner.client.get(`${API}/organizations/${org._id}/conversations`, { query: { page: '1', size: '2' } });
    expect(page.body).toMatchObject({ count: 3 });
    expect(page.body.list.map((c: any) => c._id)).toEqual([b]);
    const byName = await owner.client.get(`${API}/organizations/${org._id}/conversations`, { query: { sortField: 'name', sortCriteria: '1' } });
    expect(byName.body.list.map((c: any) => c.name)).toEqual(['A', 'B', 'Hidden']);
    const seen = await member.client.get(`${API}/organizations/${org._id}/conversations`);
    expect(seen.body.count).toBe(2);
    expect(seen.body.list.map((c: any) => c._id)).not.toContain(hidden);
    const outsider = await server.quickUser();
    expect((await outsider.client.get(`${API}/organizations/${org._id}/conversations`)).status).toBe(404);
  });

  it('GET /conversations/:id/child: children by parent, with projection', async () => {
    const { owner, org } = await team();
    const parent = await uploaded(owner, org._id, { name: 'Parent' });
    const [child] = await server.ctx.db.insert(conversations).values({ organizationId: org._id, ownerId: owner.id, parentId: parent, name: 'Child' }).returning();
    const children = await owner.client.get(`${API}/conversations/${parent}/child`, { query: { projection: 'name' } });
    expect(children.status).toBe(200);
    expect(children.body).toEqual({ count: 1, list: [{ _id: child!.id, name: 'Child' }] });
    const none = await owner.client.get(`${API}/conversations/${child!.id}/child`);
    expect(none.body).toEqual({ count: 0, list: [] });
  });
});
