/**
 * Media behind a page (video sites) through yt-dlp, when it is installed. yt-dlp discovers the URLs
 * it fetches (pages, media, redirects), so it only ever talks to a policy-enforcing proxy started
 * for the call (net/proxy.ts): every connection it makes is checked and pinned there. It reads no
 * configuration file, uses only its native downloader (no external program that could bypass the
 * proxy), keeps formats to http(s) and HLS, and `--` ends the options before the URL. Its own
 * messages are not shown to users (they may name addresses).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findOnPath } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import type { OutboundPolicy } from '../net/outbound.ts';
import { ADDRESS_NOT_ALLOWED } from '../net/outbound.ts';
import { startPolicyProxy } from '../net/proxy.ts';
import type { RateFloor } from './import-rate.ts';
import { fileNameOf, ImportFailed, ImportRefused, TOO_BIG, type Downloaded } from './import-common.ts';

const FORMATS = 'ba[protocol^=http]/ba[protocol^=m3u8]/b[protocol^=http]/b[protocol^=m3u8]';

/** yt-dlp's arguments: everything through `proxy`, `--` ends the options so that a URL such as "-x…" is only ever a URL. */
export function ytDlpArgs(url: string, output: string, maxBytes: number, proxy: string, socketTimeoutSeconds: number): string[] {
  return [
    '--ignore-config',
    '--no-cache-dir',
    '--no-playlist',
    '--no-progress',
    '--proxy',
    proxy,
    '--socket-timeout',
    String(socketTimeoutSeconds),
    '--downloader',
    'native',
    '-f',
    FORMATS,
    '--max-filesize',
    String(maxBytes),
    '-o',
    output,
    '--',
    url,
  ];
}

/** `rate` counts what yt-dlp receives through the proxy (the import's minimum rate), until yt-dlp is done. */
export async function downloadWithYtDlp(ctx: AppContext, policy: OutboundPolicy, url: string, keyBase: string, signal: AbortSignal, rate?: RateFloor): Promise<Downloaded> {
  const binary = findOnPath('yt-dlp');
  if (!binary) throw new ImportRefused('this address is not a media file, and yt-dlp is not installed to extract one from the page');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'palabre-import-'));
  const proxy = await startPolicyProxy(policy, rate && ((bytes) => rate.count(bytes)));
  try {
    // Programs yt-dlp might start read the proxy from the environment too.
    const env = { ...process.env, http_proxy: proxy.url, https_proxy: proxy.url, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, ALL_PROXY: proxy.url, NO_PROXY: '', no_proxy: '' };
    const args = ytDlpArgs(url, path.join(dir, 'media.%(ext)s'), ctx.config.maxUploadBytes, proxy.url, Math.max(1, Math.round(ctx.config.mediaImportIdleTimeoutMs / 1000)));
    await new Promise<void>((resolve, reject) => {
      execFile(binary, args, { signal, env, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (!error) return resolve();
        ctx.log.warn({ stderr: String(stderr).slice(-2000) }, 'yt-dlp failed');
        if (proxy.refused() > 0) reject(new ImportRefused(`the page leads elsewhere: ${ADDRESS_NOT_ALLOWED}`));
        else if (signal.aborted) reject(error);
        else reject(new ImportFailed('yt-dlp could not extract a media from this page'));
      });
    });
    // Storing the file receives nothing from the network: the floor no longer applies.
    rate?.stop();
    const produced = (await fsp.readdir(dir)).filter((f) => f.startsWith('media.') && !f.endsWith('.part'));
    if (produced.length === 0) throw new ImportFailed('yt-dlp produced no media (it may be larger than the limit)');
    const file = path.join(dir, produced[0]!);
    const { size } = await fsp.stat(file);
    if (size > ctx.config.maxUploadBytes) throw new ImportRefused(TOO_BIG);
    const ext = path
      .extname(file)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '');
    const key = `${keyBase}${ext}`;
    await ctx.storage.put(key, fs.createReadStream(file));
    const base = fileNameOf(new URL(url), 'media');
    return { key, name: base + (path.extname(base) ? '' : ext), size, mimeType: null };
  } finally {
    await proxy.close();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
