/** GET /conversations/:id/media: the audio with HTTP Range, or its waveform peaks (?mediatype=json). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zIdParam } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { notFound, parse } from '../http/errors.ts';
import { parseRange } from './media-range.ts';
import * as conversations from './service.ts';

export const zMediaQuery = z.object({ mediatype: z.enum(['json', 'audio']).optional() }).loose();

export function mediaRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/conversations/:id/media', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { mediatype } = parse(zMediaQuery, request.query);
      const { row } = await conversations.access(ctx, actor, id);
      reply.header('cache-control', 'private, no-cache');

      if (mediatype === 'json') {
        if (!row.files.peaks || !(await ctx.storage.stat(row.files.peaks))) throw notFound('Waveform');
        return reply.type('application/json; charset=utf-8').send(ctx.storage.read(row.files.peaks));
      }

      const original = row.files.originals[0];
      const source = row.files.web ?? (original ? { key: original.key, mimeType: original.mimeType ?? 'application/octet-stream' } : null);
      const stat = source ? await ctx.storage.stat(source.key) : null;
      if (!source || !stat) throw notFound('Media file');
      const size = stat.size;
      reply.header('accept-ranges', 'bytes').type(source.mimeType || 'application/octet-stream');
      const range = parseRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .type('application/json; charset=utf-8')
          .send({ status: 'error', code: 'validation_failed', message: 'Range not satisfiable' });
      }
      if (range.kind === 'partial') {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
        return reply.send(ctx.storage.read(source.key, { start: range.start, end: range.end }));
      }
      reply.header('content-length', size);
      return reply.send(ctx.storage.read(source.key));
    });
  };
}
