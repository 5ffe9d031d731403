/** /cm-api/api subtitle routes: versions, their screens, and their SubRip / WebVTT export. */
import type { FastifyInstance } from 'fastify';
import { API, EXPORT_MEDIA_TYPES } from '@palabre/shared';
import { toSrt, toVtt } from '@palabre/shared/subtitles';
import type { AppContext } from '../context.ts';
import { contentDisposition } from '../conversations/routes-media.ts';
import { route } from '../http/route.ts';
import * as screens from './screens.ts';
import * as subtitles from './service.ts';

export function subtitleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.subtitles.list, async ({ actor, params }) => subtitles.list(ctx, actor, params.id));

    route(app, API.subtitles.create, async ({ actor, params, body }) => subtitles.create(ctx, actor, params.id, body));

    route(app, API.subtitles.deleteMany, async ({ actor, params, query }) => {
      await subtitles.removeMany(ctx, actor, params.id, query.ids);
    });

    route(app, API.subtitles.get, async ({ actor, params }) => subtitles.get(ctx, actor, params.id, params.subtitleId));

    route(app, API.subtitles.update, async ({ actor, params, body }) => subtitles.update(ctx, actor, params.id, params.subtitleId, body));

    route(app, API.subtitles.delete, async ({ actor, params }) => {
      await subtitles.remove(ctx, actor, params.id, params.subtitleId);
    });

    route(app, API.subtitles.copy, async ({ actor, params, body }) => subtitles.copy(ctx, actor, params.id, params.subtitleId, body));

    route(app, API.subtitles.createScreen, async ({ actor, params, body }) => screens.create(ctx, actor, params.id, params.subtitleId, body));

    route(app, API.subtitles.mergeScreens, async ({ actor, params, body }) => screens.merge(ctx, actor, params.id, params.subtitleId, body.screenIds));

    route(app, API.subtitles.updateScreen, async ({ actor, params, body }) => screens.update(ctx, actor, params.id, params.subtitleId, params.screenId, body));

    route(app, API.subtitles.deleteScreen, async ({ actor, params }) => screens.remove(ctx, actor, params.id, params.subtitleId, params.screenId));

    route(app, API.subtitles.splitScreen, async ({ actor, params, body }) => screens.split(ctx, actor, params.id, params.subtitleId, params.screenId, body.at));

    // The file is made from the screens as they are now, open edits included.
    route(app, API.subtitles.export, async ({ actor, params, query, reply }) => {
      const { version, screens: list } = await subtitles.screensOf(ctx, actor, params.id, params.subtitleId);
      const format = EXPORT_MEDIA_TYPES[query.type];
      const body = query.type === 'vtt' ? toVtt(list) : toSrt(list);
      return reply
        .header('content-type', format.type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition('attachment', `${version.name}.${format.extension}`))
        .send(body);
    });
  };
}
