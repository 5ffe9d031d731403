/**
 * Storage never keeps what no media owns: an organization's deletion removes its media files, and
 * the sweeper removes what a crash leaves behind (temporary uploads, work folders, orphan or empty
 * media folders) without touching anything live.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE } from '@palabre/shared';
import type { LocalStorage } from '../../src/storage/storage.ts';
import { sweepStorage } from '../../src/storage/sweeper.ts';
import { createOrganization, insertMedia, startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Jobs are recorded, not run: these tests look at files only.
  server.ctx.jobs = { send: async () => undefined };
});
afterAll(() => server?.close());

const root = () => (server.ctx.storage as LocalStorage).root;
const mediaFolder = (id: string) => path.join(root(), 'media', id);
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

/** Makes a file or folder tree look untouched for two hours. */
function age(target: string) {
  if (fs.statSync(target).isDirectory()) for (const entry of fs.readdirSync(target)) age(path.join(target, entry));
  fs.utimesSync(target, TWO_HOURS_AGO, TWO_HOURS_AGO);
}

function write(file: string, text = 'bytes') {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('deleting an organization', () => {
  it('removes the files of all its media', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const ids: string[] = [];
    for (let n = 0; n < 2; n++) {
      const id = crypto.randomUUID();
      const key = `media/${id}/original-0.wav`;
      const { size } = await server.ctx.storage.put(key, Readable.from([Buffer.from('RIFF')]));
      await server.ctx.storage.put(`media/${id}/peaks.json`, Readable.from(['[]']));
      await insertMedia(server, {
        id,
        organizationId: org._id,
        ownerId: owner.id,
        files: { originals: [{ key, name: 'a.wav', size, mimeType: null }], peaks: `media/${id}/peaks.json` },
      });
      ids.push(id);
    }
    const otherOwner = await server.quickUser();
    const other = await createOrganization(otherOwner.client);
    const kept = crypto.randomUUID();
    const keptKey = `media/${kept}/original-0.wav`;
    await server.ctx.storage.put(keptKey, Readable.from([Buffer.from('RIFF')]));
    await insertMedia(server, { id: kept, organizationId: other._id, ownerId: otherOwner.id, files: { originals: [{ key: keptKey, name: 'b.wav', size: 4, mimeType: null }] } });

    expect((await owner.client.delete(`/cm-api/api/organizations/${org._id}`)).status).toBe(204);
    for (const id of ids) expect(fs.existsSync(mediaFolder(id)), id).toBe(false);
    expect(fs.existsSync(path.join(root(), keptKey))).toBe(true);
  });

  it('removes them too when a system administrator deletes it from the backoffice', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const id = crypto.randomUUID();
    const key = `media/${id}/original-0.wav`;
    const { size } = await server.ctx.storage.put(key, Readable.from([Buffer.from('RIFF')]));
    await insertMedia(server, { id, organizationId: org._id, ownerId: owner.id, files: { originals: [{ key, name: 'a.wav', size, mimeType: null }] } });
    const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });

    expect((await admin.client.delete(`/cm-api/api/administration/organizations/${org._id}`)).status).toBe(204);
    expect(fs.existsSync(mediaFolder(id))).toBe(false);
  });
});

describe('the storage sweeper', () => {
  it('removes stale temporary uploads, dead work folders and orphan or empty media folders, and nothing live', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const done = await insertMedia(server, { organizationId: org._id, ownerId: owner.id, status: 'done' });
    const processing = await insertMedia(server, { organizationId: org._id, ownerId: owner.id, status: 'transcription' });
    const empty = await insertMedia(server, { organizationId: org._id, ownerId: owner.id, status: 'done' });
    const orphan = crypto.randomUUID();
    const uploading = crypto.randomUUID();
    // A long multi-track upload: its first track was stored long ago, the next one is still arriving.
    const slowUpload = crypto.randomUUID();
    const workRoot = path.join(server.ctx.config.dataDir, 'work');

    const files = {
      liveFile: path.join(mediaFolder(done), 'web.m4a'),
      stalePart: path.join(mediaFolder(done), `original-1.wav.${process.pid}.1.part`),
      freshPart: path.join(mediaFolder(uploading), `original-0.wav.${process.pid}.2.part`),
      deadWork: path.join(workRoot, `${done}-aaaa0001`, 'channel-0.wav'),
      liveWork: path.join(workRoot, `${processing}-aaaa0002`, 'channel-0.wav'),
      orphanFile: path.join(mediaFolder(orphan), 'original-0.wav'),
      slowFirstTrack: path.join(mediaFolder(slowUpload), 'original-0.wav'),
      slowSecondTrack: path.join(mediaFolder(slowUpload), `original-1.wav.${process.pid}.3.part`),
    };
    for (const file of Object.values(files)) write(file);
    fs.mkdirSync(path.join(mediaFolder(empty), 'work'), { recursive: true });
    for (const target of [mediaFolder(done), path.dirname(files.deadWork), path.dirname(files.liveWork), mediaFolder(orphan), mediaFolder(empty), files.slowFirstTrack])
      age(target);

    const report = await sweepStorage(server.ctx);
    // The orphan's files go with its folder; the empty media folder (and its work folder) are empty folders.
    expect(report).toMatchObject({ partFiles: 1, workFolders: 1, mediaFolders: 1, emptyFolders: 2 });
    expect(fs.existsSync(files.liveFile)).toBe(true);
    expect(fs.existsSync(files.stalePart)).toBe(false);
    expect(fs.existsSync(files.freshPart)).toBe(true);
    expect(fs.existsSync(path.dirname(files.deadWork))).toBe(false);
    expect(fs.existsSync(files.liveWork)).toBe(true);
    expect(fs.existsSync(mediaFolder(orphan))).toBe(false);
    expect(fs.existsSync(mediaFolder(empty))).toBe(false);
    expect(fs.existsSync(mediaFolder(uploading))).toBe(true);
    expect(fs.existsSync(files.slowFirstTrack)).toBe(true);
    expect(fs.existsSync(files.slowSecondTrack)).toBe(true);
  });

  it('removes the temporary copies of stored objects a crash left behind, days later only', async () => {
    const tempRoot = path.join(server.ctx.config.dataDir, 'tmp');
    const old = path.join(tempRoot, 'palabre-s3-old', 'channel-0.wav');
    const recent = path.join(tempRoot, 'palabre-s3-recent', 'channel-0.wav');
    write(old);
    write(recent);
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
    for (const target of [old, path.dirname(old)]) fs.utimesSync(target, fourDaysAgo, fourDaysAgo);
    // A copy in use by a long job (hours old) stays.
    age(path.dirname(recent));

    expect((await sweepStorage(server.ctx)).tempCopies).toBe(1);
    expect(fs.existsSync(path.dirname(old))).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
  });
});
