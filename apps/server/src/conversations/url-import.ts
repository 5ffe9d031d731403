/**
 * URL import (job `media.import-url`): the server downloads a media on a user's behalf.
 *
 * SSRF protection: only http/https; the host is resolved here and every address must be public
 * (or inside MEDIA_IMPORT_ALLOWED_RANGES); the connection goes to that resolved address (so a DNS
 * answer cannot change between the check and the connection); redirects are followed by hand,
 * each hop checked again. The download has the upload size limit and a total timeout, and goes to
 * storage through a temporary file: a failure leaves nothing. Pages that are not media (video
 * sites) go through yt-dlp when it is installed, with `--` before the URL.
 */
import { execFile } from 'node:child_process';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { AppContext } from '../context.ts';
import { addressRefusal, blockListOf, ytDlpArgs } from './net.ts';
import { emit, enqueue } from './effects.ts';
import { conversationsRepo, sourceUrlOf, type FilesWithSource } from './repo.ts';

export const MAX_REDIRECTS = 5;

/** The address cannot be imported (not retryable). */
export class ImportRefused extends Error {}

interface Resolved {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Checks one URL: scheme, host resolution, every resolved address. Returns the address to connect to. */
export async function checkImportUrl(ctx: AppContext, raw: string): Promise<Resolved> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImportRefused('the address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportRefused('only http and https addresses can be imported');
  if (url.username || url.password) throw new ImportRefused('addresses with credentials are not imported');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new ImportRefused(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new ImportRefused(`the host ${host} could not be resolved`);
  const allowed = blockListOf(ctx.config.mediaImportAllowedRanges);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, allowed);
    if (refusal) throw new ImportRefused(`${host} leads to a ${refusal} address (${address}), which media imports may not reach`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** GET on the checked address, with the original host name for Host and TLS. */
function requestPinned(target: Resolved, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const get = target.url.protocol === 'https:' ? https.get : http.get;
    const request = get(
      target.url,
      {
        lookup: lookup as unknown as net.LookupFunction,
        signal,
        agent: false,
        headers: { 'user-agent': 'Palabre media import', accept: 'audio/*, video/*, application/ogg, */*;q=0.1' },
      },
      resolve,
    );
    request.on('error', reject);
  });
}

/** Follows redirects by hand, checking every hop. */
async function openChecked(ctx: AppContext, raw: string, signal: AbortSignal): Promise<{ response: http.IncomingMessage; url: URL }> {
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = await checkImportUrl(ctx, current);
    const response = await requestPinned(target, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target.url).href;
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new Error(`the server answered HTTP ${status}`);
    }
    return { response, url: target.url };
  }
  throw new ImportRefused(`more than ${MAX_REDIRECTS} redirects`);
}

/** Passes bytes through until `max`, then fails. */
export function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) callback(new ImportRefused('The audio file is too big. The maximum size is 1GB.'));
      else callback(null, chunk);
    },
  });
}

const MEDIA_CONTENT_TYPE = /^(audio|video)\/|^application\/(ogg|octet-stream|x-matroska|mp4)$|^binary\/octet-stream$/i;

export function isMediaContentType(type: string | undefined): boolean {
  return MEDIA_CONTENT_TYPE.test((type ?? '').split(';')[0]!.trim());
}

function onPath(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function fileNameOf(url: URL, fallback: string): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').trim();
  return (last || fallback).slice(0, 255);
}

interface Downloaded {
  key: string;
  name: string;
  size: number;
  mimeType: string | null;
}

async function downloadWithYtDlp(ctx: AppContext, url: string, keyBase: string, signal: AbortSignal): Promise<Downloaded> {
  const binary = onPath('yt-dlp');
  if (!binary) throw new ImportRefused('this address is not a media file, and yt-dlp is not installed to extract one from the page');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'palabre-import-'));
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(binary, ytDlpArgs(url, path.join(dir, 'media.%(ext)s'), ctx.config.maxUploadBytes), { signal, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (error) reject(new Error(`yt-dlp could not fetch this address: ${String(stderr).trim().split('\n').slice(-3).join(' ') || error.message}`));
        else resolve();
      });
    });
    const produced = (await fsp.readdir(dir)).filter((f) => f.startsWith('media.') && !f.endsWith('.part'));
    if (produced.length === 0) throw new Error('yt-dlp produced no media (it may be larger than the limit)');
    const file = path.join(dir, produced[0]!);
    const { size } = await fsp.stat(file);
    if (size > ctx.config.maxUploadBytes) throw new ImportRefused('The audio file is too big. The maximum size is 1GB.');
    const ext = path.extname(file).toLowerCase().replace(/[^.a-z0-9]/g, '');
    const key = `${keyBase}${ext}`;
    await ctx.storage.put(key, fs.createReadStream(file));
    return { key, name: fileNameOf(new URL(url), 'media') + (path.extname(fileNameOf(new URL(url), '')) ? '' : ext), size, mimeType: null };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Downloads the URL into storage under `keyBase` (plus an extension). */
export async function download(ctx: AppContext, url: string, keyBase: string, signal: AbortSignal): Promise<Downloaded> {
  const { response, url: finalUrl } = await openChecked(ctx, url, signal);
  const type = response.headers['content-type'];
  if (!isMediaContentType(type)) {
    response.destroy();
    return downloadWithYtDlp(ctx, url, keyBase, signal);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > ctx.config.maxUploadBytes) {
    response.destroy();
    throw new ImportRefused('The audio file is too big. The maximum size is 1GB.');
  }
  const name = fileNameOf(finalUrl, 'media');
  const ext = path.extname(name).toLowerCase();
  const key = `${keyBase}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`;
  const limited = response.pipe(byteLimit(ctx.config.maxUploadBytes));
  response.on('error', (error) => limited.destroy(error));
  const { size } = await ctx.storage.put(key, limited);
  return { key, name, size, mimeType: null };
}

export interface ImportResult {
  ok: boolean;
  error?: string;
}

/**
 * The `media.import-url` job handler: downloads, records the original, then queues preprocessing.
 * Refusals and failures set the media's status to error with a readable log (no retry loop for
 * an address that will never be allowed). Idempotent: an already imported media is only requeued.
 */
export async function importFromUrl(ctx: AppContext, conversationId: string, url?: string): Promise<ImportResult> {
  const row = await conversationsRepo.byId(ctx.db, conversationId);
  if (!row) return { ok: false, error: 'the media no longer exists' };
  const address = url ?? sourceUrlOf(row);
  if (row.files.originals.length > 0) {
    // Delivered again after the download was recorded: only the next step may be missing.
    if (row.status === 'pending') await enqueue(ctx, 'media.preprocess', { conversationId });
    return { ok: true };
  }
  // A failed import stays failed until someone retries it (retry sets it back to pending).
  if (row.status !== 'pending') return { ok: false, error: `the media is ${row.status}` };
  if (!address) return { ok: false, error: 'no address to import' };
  const keyBase = `media/${row.id}/original-0`;
  const signal = AbortSignal.timeout(ctx.config.mediaImportTimeoutMs);
  try {
    const media = await download(ctx, address, keyBase, signal).catch((error: unknown) => {
      if (signal.aborted) throw new Error(`the download did not finish within ${Math.round(ctx.config.mediaImportTimeoutMs / 1000)} s`);
      throw error;
    });
    const files: FilesWithSource = { ...(row.files as FilesWithSource), originals: [media], sourceUrl: address };
    const updated = await conversationsRepo.update(ctx.db, row.id, {
      files,
      channels: row.channels.length > 0 ? row.channels : [{ index: 0, name: media.name }],
    });
    if (!updated) {
      await ctx.storage.delete(media.key); // deleted meanwhile
      return { ok: false, error: 'the media no longer exists' };
    }
    await enqueue(ctx, 'media.preprocess', { conversationId });
    emit(ctx, row.organizationId, { conversationId, kind: 'updated', status: 'pending' });
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await conversationsRepo.update(ctx.db, row.id, {
      status: 'error',
      processing: { ...row.processing, log: `The media could not be imported from ${address}: ${message}` },
    });
    emit(ctx, row.organizationId, { conversationId, kind: 'updated', status: 'error' });
    return { ok: false, error: message };
  }
}
