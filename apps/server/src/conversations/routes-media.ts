/**
 * GET /conversations/:id/media: the audio with HTTP Range, its waveform peaks (?mediatype=json), or
 * its video with HTTP Range (?mediatype=video).
 *
 * Media files come from users: they are served only with a type we detected ourselves (our own
 * rendition, or the original's container recognised from its first bytes, else
 * application/octet-stream), never with the type the uploader declared, and with headers that keep
 * a browser from ever rendering them as a document on the application's origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { WEB_MIME_TYPE } from '../pipeline/files.ts';
import { parseRange } from './media-range.ts';
import * as conversations from './service.ts';
import { servedMediaType, SNIFF_BYTES } from './sniff.ts';

/** Headers of every media response: no sniffing, no document rendering, no embedding elsewhere. */
export function mediaHeaders(reply: FastifyReply, disposition: 'inline' | 'attachment', filename: string): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', contentDisposition(disposition, filename));
}

/** A Content-Disposition with a plain ASCII fallback name and the UTF-8 name (RFC 6266). */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const clean =
    filename
      .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
      .trim()
      .slice(0, 150) || 'media';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/[;%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

async function sniffStored(ctx: AppContext, key: string, size: number): Promise<string> {
  if (size === 0) return 'application/octet-stream';
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 })) chunks.push(chunk as Buffer);
  return servedMediaType(Buffer.concat(chunks));
}

/**
 * Answers with a stored file (its type and headers already set on `reply`), whole or the one byte
 * range the request asks for (206), or 416 for a range outside it.
 */
export function sendStoredRange(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, key: string, size: number): FastifyReply {
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ status: 'error', code: 'validation_failed', message: 'Range not satisfiable' });
  }
  if (range.kind === 'partial') {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(ctx.storage.read(key, { start: range.start, end: range.end }));
  }
  reply.header('content-length', size);
  return reply.send(ctx.storage.read(key));
}

/** The video's file name: the media's name with the container's extension. */
const videoName = (name: string, mimeType: string) => `${name}.${mimeType === 'video/webm' ? 'webm' : 'mp4'}`;

export function mediaRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.conversations.media, async ({ actor, params, query: { mediatype }, request, reply }) => {
      const { row } = await conversations.access(ctx, actor, params.id);
      reply.header('cache-control', 'private, no-cache');

      if (mediatype === 'json') {
        if (!row.files.peaks || !(await ctx.storage.stat(row.files.peaks))) throw notFound('Waveform');
        mediaHeaders(reply, 'inline', 'peaks.json');
        return reply.type('application/json; charset=utf-8').send(ctx.storage.read(row.files.peaks));
      }

      if (mediatype === 'video') {
        const video = row.files.video;
        const stat = video ? await ctx.storage.stat(video.key) : null;
        if (!video || !stat) throw notFound('Video');
        mediaHeaders(reply, 'inline', videoName(row.name, video.mimeType));
        reply.type(video.mimeType);
        return sendStoredRange(ctx, request, reply, video.key, stat.size);
      }

      const original = row.files.originals[0];
      const source = row.files.web ? { key: row.files.web.key, name: `${row.name}.m4a` } : original ? { key: original.key, name: original.name } : null;
      const stat = source ? await ctx.storage.stat(source.key) : null;
      if (!source || !stat) throw notFound('Media file');
      const size = stat.size;
      const type = row.files.web ? WEB_MIME_TYPE : await sniffStored(ctx, source.key, size);
      mediaHeaders(reply, 'inline', source.name);
      reply.type(type);
      return sendStoredRange(ctx, request, reply, source.key, size);
    });
  };
}
