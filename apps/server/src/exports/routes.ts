/**
 * /cm-api/api export route: the transcript or a generated report as a file to download, or a PDF to
 * preview in the page; a report's regeneration answers the report (202).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { mediaHeaders } from '../conversations/routes-media.ts';
import { route } from '../http/route.ts';
import * as exportsService from './service.ts';

export function exportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.exports.download, async ({ actor, params, query, body, request, reply }) => {
      const file = await exportsService.download(ctx, actor, params.id, query, body, request.headers['accept-language']);
      reply.header('cache-control', 'private, no-store');
      if ('accepted' in file) return reply.status(202).send(file.accepted);
      mediaHeaders(reply, file.disposition, file.filename);
      return reply.type(file.type).header('content-length', file.bytes.length).send(file.bytes);
    });
  };
}
