/**
 * URL import (job `media.import-url`): the server downloads a media on a user's behalf.
 *
 * Every connection obeys the outbound-address policy (net/outbound.ts): http/https only, the host
 * resolved and checked, the connection pinned to the checked address, every redirect hop checked
 * again. Pages that are not media (video sites) go through yt-dlp (yt-dlp.ts), whose connections
 * all pass through a policy-enforcing proxy. The download has the upload size limit, a total
 * timeout, an idle timeout (no byte for a while) and a minimum rate (import-rate.ts), and goes to
 * storage through a temporary file: a failure leaves nothing. Messages never contain DNS answers
 * or resolved addresses.
 */
import path from 'node:path';
import type { AppContext } from '../context.ts';
import {
  ADDRESS_NOT_ALLOWED,
  byteLimit,
  connectionError,
  openFollowing,
  OutboundFailed,
  OutboundRefused,
  OutboundUnresolved,
  outboundPolicy,
  resolveChecked,
  type PinnedTarget,
} from '../net/outbound.ts';
import { emit, enqueue } from './effects.ts';
import { fileNameOf, ImportFailed, ImportRefused, TOO_BIG, type Downloaded } from './import-common.ts';
import { RateFloor, tooSlowMessage } from './import-rate.ts';
import { conversationsRepo, sourceUrlOf, type FilesWithSource } from './repo.ts';
import { refuseUpload, servedMediaType, SNIFF_BYTES } from './sniff.ts';
import { downloadWithYtDlp } from './yt-dlp.ts';
import { dispatchWebhooks } from '../webhooks/dispatch.ts';
import { mediaData } from '../webhooks/events.ts';

export { ImportRefused } from './import-common.ts';

/** What the media's log may say about a failure: our own messages, never a system error's text. */
function readable(error: unknown): string | null {
  return error instanceof ImportRefused || error instanceof ImportFailed || error instanceof OutboundFailed ? error.message : null;
}

/** Checks one URL against the outbound-address policy. Returns the address to connect to. */
export async function checkImportUrl(ctx: AppContext, raw: string): Promise<PinnedTarget> {
  try {
    return await resolveChecked(outboundPolicy(ctx.config), raw);
  } catch (error) {
    // The reason tells a typo in the host from an address refused; neither names the DNS answer.
    if (error instanceof OutboundUnresolved) throw new ImportRefused(error.message, 'host_not_found');
    if (error instanceof OutboundRefused) throw new ImportRefused(error.message, error.message === ADDRESS_NOT_ALLOWED ? 'address_not_allowed' : 'forbidden_url');
    throw error;
  }
}

/** Aborts when `touch()` has not been called for `ms`. */
export class IdleTimer {
  private readonly controller = new AbortController();
  private readonly ms: number;
  private timer: NodeJS.Timeout;
  constructor(ms: number) {
    this.ms = ms;
    this.timer = this.arm();
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  private arm(): NodeJS.Timeout {
    const timer = setTimeout(() => this.controller.abort(), this.ms);
    timer.unref();
    return timer;
  }
  touch(): void {
    clearTimeout(this.timer);
    this.timer = this.arm();
  }
  stop(): void {
    clearTimeout(this.timer);
  }
}

const MEDIA_CONTENT_TYPE = /^(audio|video)\/|^application\/(ogg|octet-stream|x-matroska|mp4)$|^binary\/octet-stream$/i;

export function isMediaContentType(type: string | undefined): boolean {
  return MEDIA_CONTENT_TYPE.test((type ?? '').split(';')[0]!.trim());
}

/** Downloads the URL into storage under `keyBase` (plus an extension); every byte received is counted by `rate`. */
export async function download(ctx: AppContext, url: string, keyBase: string, signal: AbortSignal, idle: IdleTimer, rate: RateFloor): Promise<Downloaded> {
  const policy = outboundPolicy(ctx.config);
  const opened = await openFollowing(policy, url, { signal, headers: { 'user-agent': 'Palabre media import', accept: 'audio/*, video/*, application/ogg, */*;q=0.1' } }).catch(
    (error: unknown) => {
      throw error instanceof OutboundRefused ? new ImportRefused(error.message) : error;
    },
  );
  const { response, url: finalUrl } = opened;
  idle.touch();
  const status = response.statusCode ?? 0;
  if (status !== 200) {
    response.resume();
    throw new ImportFailed(`the server answered HTTP ${status}`);
  }
  const type = response.headers['content-type'];
  if (!isMediaContentType(type)) {
    response.destroy();
    idle.stop(); // yt-dlp has its own socket timeout
    return downloadWithYtDlp(ctx, policy, url, keyBase, signal, rate);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > ctx.config.maxUploadBytes) {
    response.destroy();
    throw new ImportRefused(TOO_BIG);
  }
  const name = fileNameOf(finalUrl, 'media');
  const ext = path.extname(name).toLowerCase();
  const key = `${keyBase}${/^\.[a-z0-9]{1,8}$/.test(ext) ? ext : ''}`;
  const limited = response.pipe(
    byteLimit(
      ctx.config.maxUploadBytes,
      () => new ImportRefused(TOO_BIG),
      (bytes) => {
        idle.touch();
        rate.count(bytes);
      },
    ),
  );
  response.on('error', (error) => limited.destroy(connectionError(error)));
  // Whatever storing the end of the file takes, nothing more comes from the network.
  response.on('end', () => rate.stop());
  const { size } = await ctx.storage.put(key, limited);
  return { key, name, size, mimeType: null };
}

export interface ImportResult {
  ok: boolean;
  error?: string;
}

/**
 * The type detected from the stored file's first bytes, as uploads record it: never what the remote
 * server declared. A file uploads would refuse is deleted and refused here too.
 */
async function storedMediaType(ctx: AppContext, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.read(key, { start: 0, end: SNIFF_BYTES - 1 })) chunks.push(chunk as Buffer);
  const head = Buffer.concat(chunks);
  const refused = refuseUpload(head);
  if (refused) {
    await ctx.storage.delete(key);
    throw new ImportRefused(refused);
  }
  return servedMediaType(head);
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
  const total = AbortSignal.timeout(ctx.config.mediaImportTimeoutMs);
  const idle = new IdleTimer(ctx.config.mediaImportIdleTimeoutMs);
  const rate = new RateFloor(ctx.config.mediaImportMinBytesPerSecond, ctx.config.mediaImportRateWindowMs);
  const signal = AbortSignal.any([total, idle.signal, rate.signal]);
  try {
    const media = await download(ctx, address, keyBase, signal, idle, rate)
      .catch((error: unknown) => {
        if (total.aborted) throw new ImportFailed(`the download did not finish within ${Math.round(ctx.config.mediaImportTimeoutMs / 1000)} s`);
        if (idle.signal.aborted) throw new ImportFailed(`the server sent nothing for ${Math.round(ctx.config.mediaImportIdleTimeoutMs / 1000)} s`);
        if (rate.signal.aborted) throw new ImportFailed(tooSlowMessage(ctx.config.mediaImportMinBytesPerSecond, ctx.config.mediaImportRateWindowMs));
        throw error;
      })
      .finally(() => {
        idle.stop();
        rate.stop();
      });
    media.mimeType = await storedMediaType(ctx, media.key);
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
    const message = readable(error) ?? 'the media could not be downloaded';
    if (readable(error) === null) ctx.log.warn({ err: error, conversationId }, 'URL import failed');
    await conversationsRepo.update(ctx.db, row.id, {
      status: 'error',
      processing: { ...row.processing, log: `The media could not be imported from ${address}: ${message}` },
    });
    emit(ctx, row.organizationId, { conversationId, kind: 'updated', status: 'error' });
    await dispatchWebhooks(ctx, row.organizationId, 'media.failed', mediaData(ctx, { ...row, status: 'error', updatedAt: new Date() }));
    return { ok: false, error: message };
  }
}
