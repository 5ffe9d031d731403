/** /cm-api/api routes of burned-in videos: ask for one, follow it, stream it (docs/burn.md). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { mediaHeaders, sendStoredRange } from '../conversations/routes-media.ts';
import { route } from '../http/route.ts';
import { VIDEO_MIME_TYPE } from '../pipeline/files.ts';
import { burnedVideo, burnStatus, requestBurn } from './burn.ts';

export function burnRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.subtitles.burn, async ({ actor, params }) => requestBurn(ctx, actor, params.id, params.subtitleId));

    route(app, API.subtitles.burnStatus, async ({ actor, params, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return burnStatus(ctx, actor, params.id, params.subtitleId);
    });

    route(app, API.subtitles.burnedVideo, async ({ actor, params, request, reply }) => {
      const video = await burnedVideo(ctx, actor, params.id, params.subtitleId);
      reply.header('cache-control', 'private, no-cache');
      mediaHeaders(reply, 'attachment', video.filename);
      reply.type(VIDEO_MIME_TYPE);
      return sendStoredRange(ctx, request, reply, video.key, video.size);
    });
  };
}
