/**
 * A user's file is read only as a media container: never as an HLS playlist or a concat script
 * that makes ffmpeg open another file (another media's original, next to it in storage). The real
 * ffprobe and ffmpeg run against crafted files pointing at a real fixture.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOfFile, withMediaInput } from '../src/media/containers.ts';
import { convertToEnginePcm, makeWebRendition, peaksArgs, probeArgs, probeMedia, toEnginePcmArgs, toWebRenditionArgs } from '../src/media/ffmpeg.ts';
import { peaksFromMedia } from '../src/media/peaks.ts';

const meeting = path.resolve('../shared/fixtures/audio/meeting-fr-60s.mp3');
/** An empty ID3v2 tag: upload sniffing takes the file for an MP3, probing looks past it. */
const ID3 = Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1');
const playlist = (target: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:60\n#EXTINF:60,\n${target}\n#EXT-X-ENDLIST\n`;

let dir = '';
const crafted: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'palabre-input-test-'));
  // The storage's layout: one folder per media.
  await mkdir(path.join(dir, 'victim'));
  await mkdir(path.join(dir, 'attacker'));
  await copyFile(meeting, path.join(dir, 'victim', 'original-0.mp3'));
  const files: Record<string, string | Buffer> = {
    hls: playlist('../victim/original-0.mp3'),
    hlsAbsolute: playlist(path.join(dir, 'victim', 'original-0.mp3')),
    taggedHls: Buffer.concat([ID3, Buffer.from(playlist('../victim/original-0.mp3'))]),
    concat: "ffconcat version 1.0\nfile '../victim/original-0.mp3'\n",
    taggedConcat: Buffer.concat([ID3, Buffer.from("ffconcat version 1.0\nfile '../victim/original-0.mp3'\n")]),
  };
  for (const [name, content] of Object.entries(files)) {
    crafted[name] = path.join(dir, 'attacker', `${name}.mp3`);
    await writeFile(crafted[name], content);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function run(program: 'ffprobe' | 'ffmpeg', args: string[]) {
  return spawnSync(program, args, { encoding: 'utf8', timeout: 60_000 });
}

describe('crafted playlists', () => {
  it('are a real threat: ffprobe left to probe reads the other media through them', () => {
    const probed = run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', `file:${crafted.taggedHls}`]);
    expect(probed.status).toBe(0);
    expect(JSON.parse(probed.stdout).format).toMatchObject({ format_name: 'hls', duration: expect.stringMatching(/^60\./) });
  });

  it('are not read by the argument builders, even when their first bytes pass for an MP3', () => {
    for (const name of ['hls', 'hlsAbsolute', 'taggedHls', 'concat', 'taggedConcat']) {
      const file = crafted[name]!;
      const probe = run('ffprobe', probeArgs(file));
      expect(probe.status, name).not.toBe(0);
      expect(probe.stdout, name).not.toContain('"duration"');
      for (const args of [toEnginePcmArgs(file, path.join(dir, `${name}.wav`)), toWebRenditionArgs(file, path.join(dir, `${name}.m4a`)), peaksArgs(file)]) {
        const converted = run(
          'ffmpeg',
          args.filter((a) => a !== 'pipe:3' && a !== '-progress'),
        );
        expect(converted.status, name).not.toBe(0);
        expect(converted.stdout.length, name).toBe(0);
      }
    }
    // Forced to the demuxer its first bytes name, the tagged playlist is only a broken MP3.
    expect(run('ffprobe', probeArgs({ path: crafted.taggedHls!, demuxer: 'mp3' })).status).not.toBe(0);
  });

  it('are refused by the runners, which write nothing', async () => {
    for (const name of ['hls', 'taggedHls', 'concat', 'taggedConcat']) {
      const file = crafted[name]!;
      await expect(probeMedia(file), name).rejects.toMatchObject({ code: 'media_unreadable' });
      const out = path.join(dir, `${name}-run.wav`);
      await expect(convertToEnginePcm(file, out), name).rejects.toMatchObject({ code: expect.stringMatching(/^media_(unreadable|conversion_failed)$/) });
      await expect(makeWebRendition(file, path.join(dir, `${name}-run.m4a`)), name).rejects.toBeDefined();
      await expect(peaksFromMedia(file), name).rejects.toBeDefined();
      await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
    }
    await expect(probeMedia(crafted.hls!)).rejects.toThrow(/hls\.mp3: not a known audio or video format/);
  });
});

describe('media inputs', () => {
  it('name the demuxer of real files and read them from a private folder that is removed afterwards', async () => {
    expect(await containerOfFile(meeting)).toEqual({ name: 'mp3', demuxer: null });
    let folder = '';
    await withMediaInput(path.join(dir, 'victim', 'original-0.mp3'), async (input) => {
      folder = path.dirname(input.path);
      expect(await readdir(folder)).toEqual(['input-0.mp3']);
      // A path relative to the input leads nowhere near the other media.
      await expect(stat(path.resolve(folder, '../victim/original-0.mp3'))).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await probeMedia(input.path)).durationSeconds).toBeCloseTo(60, 0);
    });
    await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
