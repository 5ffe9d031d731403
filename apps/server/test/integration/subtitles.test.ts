/**
 * Subtitle versions over REST: who may do what (writer, reader, outsider, another media's version),
 * generation following the version's limits, versions independent of later transcript edits yet
 * saying the transcript changed, copies, deleting several at once, screen edits and their refusals,
 * and SubRip / WebVTT files an independent parser (ffmpeg) reads back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { conversationUpdateEvent, type ConversationUpdate, EXPORT_MEDIA_TYPES, SUBTITLE_LIMITS, type Screen, type SubtitleVersion } from '@palabre/shared';
import { subtitleVersions } from '../../src/db/schema.ts';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { insertMedia, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { API, exportPath, ffmpegCues, srtTime, subtitleTranscript, versionPath, versionsPath } from '../harness/subtitles.ts';

let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let cast: Cast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await createCast(server);
  ({ owner, writer, reader, outsider, orgId } = cast);
});
afterAll(async () => {
  await server?.close();
});

/** A processed media of the organization: members read it, `writer` holds the write right. */
const seed = () => seedSharedMedia(server, cast, { transcript: subtitleTranscript() });

async function generate(id: string, body: Record<string, unknown> = { name: 'Broadcast' }): Promise<SubtitleVersion> {
  const res = await writer.client.post(versionsPath(id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as SubtitleVersion;
}

const screensOf = async (id: string, subtitleId: string): Promise<Screen[]> => (await owner.client.get(versionPath(id, subtitleId))).body.screenList;

describe('who may do what', () => {
  it('lets readers read and export, writers change, and answers 404 to outsiders and for another media’s version', async () => {
    const id = await seed();
    const other = await seed();
    const version = await generate(id);
    const foreign = await generate(other);
    const screen = version.screenList[0]!;
    const v = versionPath(id, version._id);
    // Requests are sent as the lists are built: `ofVersion` leaves out those naming no version.
    const reads = (user: TestUser, subtitleId: string, ofVersion = false) => [
      ...(ofVersion ? [] : [user.client.get(versionsPath(id))]),
      user.client.get(versionPath(id, subtitleId)),
      user.client.get(exportPath(id, subtitleId, 'srt')),
      user.client.get(exportPath(id, subtitleId, 'vtt')),
    ];
    const writes = (user: TestUser, subtitleId: string, ofVersion = false) => {
      const path = versionPath(id, subtitleId);
      return [
        ...(ofVersion ? [] : [user.client.post(versionsPath(id), { name: 'Mine' })]),
        user.client.patch(path, { name: 'Renamed' }),
        user.client.post(`${path}/copy`, { name: 'Copy' }),
        user.client.post(`${path}/screens`, { after: null, start: 0, end: 0.5, text: 'x' }),
        user.client.patch(`${path}/screens/${screen.id}`, { text: 'intruder' }),
        user.client.post(`${path}/screens/${screen.id}/split`, { at: 1 }),
        user.client.post(`${path}/screens/merge`, { screenIds: [screen.id, version.screenList[1]!.id] }),
        user.client.delete(`${path}/screens/${screen.id}`),
        user.client.delete(path),
        user.client.delete(`${versionsPath(id)}?ids=${subtitleId}`),
      ];
    };

    for (const res of await Promise.all(reads(reader, version._id))) expect(res.status).toBe(200);
    for (const res of await Promise.all(writes(reader, version._id))) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    for (const res of await Promise.all([...reads(outsider, version._id), ...writes(outsider, version._id)])) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    // A version of another media, named under this one, does not exist (even for its own writer).
    const foreignCalls = [...reads(writer, foreign._id, true), ...writes(writer, foreign._id, true)];
    for (const res of await Promise.all(foreignCalls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect(await screensOf(id, version._id)).toEqual(version.screenList);
    expect(await screensOf(other, foreign._id)).toEqual(foreign.screenList);
    const names = (await owner.client.get(versionsPath(id))).body.list.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Broadcast']);

    // The writer's own calls go through.
    expect((await writer.client.patch(v, { name: 'Renamed' })).body.name).toBe('Renamed');
    expect((await writer.client.patch(`${v}/screens/${screen.id}`, { text: 'Good evening' })).status).toBe(200);
    expect((await writer.client.delete(v)).status).toBe(200);
    expect((await owner.client.get(v)).status).toBe(404);
  });

  it('refuses a media without a transcript, and more versions than a media may hold', async () => {
    const pending = await insertMedia(server, { organizationId: orgId, ownerId: owner.id, status: 'transcription' });
    const res = await owner.client.post(versionsPath(pending), { name: 'Too early' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(res.body.message).toMatch(/no transcript/);

    const id = await seed();
    const first = await generate(id);
    const filler = Array.from({ length: SUBTITLE_LIMITS.maxVersions - 1 }, (_, i) => ({
      conversationId: id,
      name: `v${i}`,
      settings: first.settings,
      transcriptFingerprint: 'x',
    }));
    await server.ctx.db.insert(subtitleVersions).values(filler);
    const over = await writer.client.post(versionsPath(id), { name: 'One too many' });
    expect(over.status).toBe(409);
    expect((await writer.client.post(`${versionPath(id, first._id)}/copy`, { name: 'Copy too many' })).status).toBe(409);
    expect((await owner.client.get(versionsPath(id))).body.count).toBe(SUBTITLE_LIMITS.maxVersions);
  });

  it('validates bodies with field errors', async () => {
    const id = await seed();
    const res = await writer.client.post(versionsPath(id), { name: 'Bad', settings: { maxCharsPerLine: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    // A version needs a name: blank ones are refused on create, rename and copy alike.
    expect((await writer.client.post(versionsPath(id), { name: '   ' })).body.code).toBe('validation_failed');
    const version = (await writer.client.post(versionsPath(id), { name: 'Named' })).body as SubtitleVersion;
    expect((await writer.client.patch(versionPath(id, version._id), { name: '' })).status).toBe(400);
    expect((await writer.client.post(`${versionPath(id, version._id)}/copy`, { name: '' })).status).toBe(400);
  });
});

describe('generating and following the transcript', () => {
  it('follows the version’s limits', async () => {
    const id = await seed();
    const settings = { maxCharsPerLine: 24, maxLinesPerScreen: 2, maxScreenDuration: 4, splitMode: 'two_lines' };
    const version = await generate(id, { name: 'Narrow', settings });
    expect(version.settings).toMatchObject(settings);
    expect(version.screens).toBe(version.screenList.length);
    expect(version.screenList.length).toBeGreaterThan(3);
    for (const screen of version.screenList) {
      const lines = screen.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(24);
      expect(screen.end - screen.start).toBeLessThanOrEqual(4 + 1e-9);
      expect(screen.end).toBeGreaterThan(screen.start);
    }
    for (let i = 1; i < version.screenList.length; i += 1) expect(version.screenList[i]!.start).toBeGreaterThanOrEqual(version.screenList[i - 1]!.end);
    // Every word of the transcript is in a screen, in order.
    const words = subtitleTranscript().text.flatMap((turn) => turn.words.map((w) => w.word));
    expect(
      version.screenList
        .map((s) => s.text.replace(/^- /gm, ''))
        .join(' ')
        .split(/\s+/),
    ).toEqual(words);

    const oneLine = await generate(id, { name: 'One line', settings: { maxCharsPerLine: 30, maxLinesPerScreen: 1, splitMode: 'none' } });
    for (const screen of oneLine.screenList) expect(screen.text).not.toContain('\n');
  });

  it('says when the transcript changed after generation, and keeps the screens as they were', async () => {
    const id = await seed();
    const version = await generate(id);
    expect(version.transcriptChanged).toBe(false);
    const turn = (await server.ctx.documents.read(id))!.text[3]!;
    const edit = await writer.client.patch(`${API}/conversations/${id}/turns/${turn.turn_id}`, { segment: 'Agreed by everyone.' });
    expect(edit.status).toBe(200);
    // The stored transcript follows the edit within the projection's debounce; so does the listing.
    await expect.poll(async () => (await owner.client.get(versionsPath(id))).body.list[0].transcriptChanged, { timeout: 10_000 }).toBe(true);
    const again = (await owner.client.get(versionPath(id, version._id))).body as SubtitleVersion;
    expect(again.transcriptChanged).toBe(true);
    expect(again.screenList).toEqual(version.screenList);
    // A version generated now is current.
    expect((await generate(id, { name: 'Fresh' })).transcriptChanged).toBe(false);
  });
});

describe('copies, renames and deletions', () => {
  it('copies a version into an independent one', async () => {
    const id = await seed();
    const version = await generate(id);
    const copied = await writer.client.post(`${versionPath(id, version._id)}/copy`, { name: 'Copy' });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ name: 'Copy', screens: version.screens, settings: version.settings, transcriptChanged: false });
    const copy = copied.body._id as string;
    expect(await screensOf(id, copy)).toEqual(version.screenList);
    const first = version.screenList[0]!;
    expect((await writer.client.patch(`${versionPath(id, copy)}/screens/${first.id}`, { text: 'Only in the copy' })).status).toBe(200);
    expect((await screensOf(id, copy))[0]!.text).toBe('Only in the copy');
    expect((await screensOf(id, version._id))[0]!.text).toBe(first.text);
  });

  it('renames and changes the limits of a version, keeping its screens', async () => {
    const id = await seed();
    const version = await generate(id);
    const res = await writer.client.patch(versionPath(id, version._id), { name: 'Festival', settings: { ...version.settings, maxCharsPerSecond: 15 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Festival', settings: { maxCharsPerSecond: 15 }, screens: version.screens });
    const again = (await owner.client.get(versionPath(id, version._id))).body as SubtitleVersion;
    expect(again.settings.maxCharsPerSecond).toBe(15);
    expect(again.screenList).toEqual(version.screenList);
    expect((await writer.client.patch(versionPath(id, version._id), {})).status).toBe(400);
  });

  it('deletes several versions at once, all or none', async () => {
    const id = await seed();
    const other = await seed();
    const [a, b] = [await generate(id, { name: 'A' }), await generate(id, { name: 'B' })];
    const foreign = await generate(other);
    const mixed = await writer.client.delete(`${versionsPath(id)}?ids=${a._id},${foreign._id}`);
    expect(mixed.status).toBe(404);
    expect((await owner.client.get(versionsPath(id))).body.count).toBe(2);
    expect((await owner.client.get(versionsPath(other))).body.count).toBe(1);
    const both = await writer.client.delete(`${versionsPath(id)}?ids=${a._id},${b._id}`);
    expect(both.status).toBe(200);
    expect((await owner.client.get(versionsPath(id))).body).toEqual({ count: 0, list: [] });
    expect((await writer.client.delete(`${versionsPath(id)}?ids=not-an-id`)).status).toBe(400);
  });
});

describe('screens', () => {
  it('edits, retimes, splits, adds and deletes screens; a refused edit changes nothing', async () => {
    const id = await seed();
    const version = await generate(id, { name: 'Edits', settings: { maxScreenDuration: 6 } });
    const path = versionPath(id, version._id);
    const [first, second] = version.screenList as [Screen, Screen];

    const text = await writer.client.patch(`${path}/screens/${first.id}`, { text: 'Good evening,\nwelcome' });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ screen: { id: first.id, text: 'Good evening,\nwelcome' }, screens: version.screens });

    const overlap = await writer.client.patch(`${path}/screens/${first.id}`, { end: second.end, text: 'lost' });
    expect(overlap.status).toBe(422);
    expect(overlap.body.code).toBe('subtitle_overlap');
    expect((await screensOf(id, version._id))[0]!.text).toBe('Good evening,\nwelcome');

    const split = await writer.client.post(`${path}/screens/${first.id}/split`, { at: 'Good evening,'.length });
    expect(split.status).toBe(200);
    expect(split.body.screens).toBe(version.screens + 1);
    const afterSplit = await screensOf(id, version._id);
    expect(afterSplit[0]!.end).toBeLessThanOrEqual(afterSplit[1]!.start);

    const removed = await writer.client.delete(`${path}/screens/${afterSplit[1]!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.screens).toBe(version.screens);

    const gapStart = afterSplit[0]!.end + 0.1;
    const added = await writer.client.post(`${path}/screens`, { after: afterSplit[0]!.id, start: gapStart, end: Math.min(gapStart + 0.5, second.start - 0.1), text: 'Added' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.screen).toMatchObject({ text: 'Added' });
    expect((await screensOf(id, version._id)).map((s) => s.text)).toContain('Added');
    expect((await owner.client.get(versionsPath(id))).body.list[0].screens).toBe(version.screens + 1);

    expect((await writer.client.patch(`${path}/screens/no-such-screen`, { text: 'x' })).status).toBe(404);
  });

  it('merges consecutive screens within the limits, and refuses the others with their codes', async () => {
    const id = await seed();
    const tight = await generate(id, { name: 'Tight', settings: { maxCharsPerLine: 24, maxLinesPerScreen: 1, splitMode: 'none', maxScreenDuration: 4 } });
    const path = versionPath(id, tight._id);
    const s = tight.screenList;
    const merge = (screenIds: string[]) => writer.client.post(`${path}/screens/merge`, { screenIds });

    const apart = await merge([s[0]!.id, s[2]!.id]);
    expect(apart.status).toBe(422);
    expect(apart.body.code).toBe('subtitle_merge_not_consecutive');
    const long = await merge([s[0]!.id, s[1]!.id]);
    expect(long.status).toBe(422);
    expect(long.body.code).toBe('subtitle_merge_too_long');
    expect(await screensOf(id, tight._id)).toEqual(s);

    const roomy = await generate(id, { name: 'Roomy', settings: { maxCharsPerLine: 80, maxLinesPerScreen: 2, maxScreenDuration: 2.5 } });
    const r = roomy.screenList;
    const noRoom = await writer.client.post(`${versionPath(id, roomy._id)}/screens/merge`, { screenIds: [r[0]!.id, r[1]!.id] });
    expect(noRoom.status).toBe(422);
    expect(noRoom.body.code).toBe('subtitle_no_room');

    // Two halves of a screen merge back.
    expect((await writer.client.post(`${path}/screens/${s[0]!.id}/split`, { at: s[0]!.text.indexOf(' ') + 1 })).status).toBe(200);
    const halves = await screensOf(id, tight._id);
    const merged = await merge([halves[0]!.id, halves[1]!.id]);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.screens).toBe(s.length);
    expect((await screensOf(id, tight._id))[0]!.text.replace(/\s+/g, ' ')).toBe(s[0]!.text.replace(/\s+/g, ' '));
  });
});

describe('SubRip and WebVTT', () => {
  it('serves files ffmpeg reads back with the same cues, as attachments named after the version', async () => {
    const id = await seed();
    const version = await generate(id, { name: 'Conseil: 23/11 "final"' });
    const expected = version.screenList.map((s) => ({ start: srtTime(s.start), end: srtTime(s.end), text: s.text.replace(/<[^>]+>/g, '') }));

    const srt = await reader.client.get(exportPath(id, version._id, 'srt'));
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe(EXPORT_MEDIA_TYPES.srt.type);
    const disposition = srt.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[^"/\\]*\.srt"/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Conseil: 2311 final.srt')}`);
    expect(ffmpegCues(srt.bytes.toString('utf8'), 'srt')).toEqual(expected);

    const vtt = await reader.client.get(exportPath(id, version._id, 'vtt'));
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe(EXPORT_MEDIA_TYPES.vtt.type);
    expect(vtt.headers.get('content-disposition')).toMatch(/\.vtt"/);
    const body = vtt.bytes.toString('utf8');
    expect(body.startsWith('WEBVTT\n')).toBe(true);
    expect(ffmpegCues(body, 'vtt').map((c) => ({ ...c, text: c.text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') }))).toEqual(expected);
  });

  it('exports the screens as edited, and SubRip by default', async () => {
    const id = await seed();
    const version = await generate(id);
    const first = version.screenList[0]!;
    await writer.client.patch(`${versionPath(id, version._id)}/screens/${first.id}`, { text: 'Bonsoir à tous' });
    const res = await owner.client.get(`${API}/conversations/${id}/subtitle/${version._id}`);
    expect(res.status).toBe(200);
    expect(ffmpegCues(res.bytes.toString('utf8'), 'srt')[0]!.text).toBe('Bonsoir à tous');
    expect((await owner.client.get(exportPath(id, version._id, 'srt').replace('srt', 'docx'))).status).toBe(400);
  });
});

describe('notices', () => {
  it('tells the organization’s room when versions are created, renamed, copied and deleted', async () => {
    const id = await seed();
    const socket = io(server.url, { path: '/cm-api/socket.io', auth: { token: owner.client.authToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(5000).emitWithAck('watch_organization', orgId)).toEqual({ ok: true });
      const notices: ConversationUpdate[] = [];
      socket.on(conversationUpdateEvent(orgId), (update: ConversationUpdate) => {
        if (update.kind === 'subtitles') notices.push(update);
      });
      const version = await generate(id);
      await writer.client.patch(versionPath(id, version._id), { name: 'Renamed' });
      const copy = (await writer.client.post(`${versionPath(id, version._id)}/copy`, { name: 'Copy' })).body._id as string;
      await writer.client.delete(`${versionsPath(id)}?ids=${version._id},${copy}`);
      await expect.poll(() => notices.length).toBe(5);
      expect(notices.map((n) => n.subtitleId)).toEqual([version._id, version._id, copy, version._id, copy]);
      expect(notices.every((n) => n.conversationId === id)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});

describe('storage', () => {
  it('keeps the screen count of the list in step with the screens', async () => {
    const id = await seed();
    const version = await generate(id);
    await writer.client.delete(`${versionPath(id, version._id)}/screens/${version.screenList[0]!.id}`);
    const [row] = await server.ctx.db.select({ n: subtitleVersions.screenCount }).from(subtitleVersions).where(eq(subtitleVersions.id, version._id));
    expect(row!.n).toBe(version.screens - 1);
  });
});
