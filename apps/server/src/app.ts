/** Builds the HTTP application: plugins, conventions, routes, and the web client. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { API, API_BASE, AUTH_BASE, FEATURES, MAX_AUDIO_FILE_BYTES } from '@palabre/shared';
import type { AppContext } from './context.ts';
import { resolveSecret } from './context.ts';
import { adminRoutes } from './admin/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { registerAuthentication } from './http/auth.ts';
import { registerErrorHandler } from './http/errors.ts';
import { openApiDocument, trackRoutes } from './http/openapi.ts';
import { registerRequestContext, requestIdOf } from './http/request-id.ts';
import { registerResponseCheck } from './http/response-check.ts';
import { route } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextInputCheck } from './http/text-input.ts';
import { registerXsrf } from './http/xsrf.ts';
import { healthRoutes } from './health/routes.ts';
import type { ReadinessProbe } from './health/readiness.ts';
import { metricsRoutes, registerHttpMetrics } from './metrics/routes.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { transcriptRoutes } from './transcript/routes.ts';
import { subtitleRoutes } from './subtitles/routes.ts';
import { burnRoutes } from './subtitles/burn-routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { transcriberProfileRoutes } from './transcriber-profiles/routes.ts';
import { aiProfileRoutes } from './ai-profiles/routes.ts';
import { keywordRoutes } from './keywords/routes.ts';
import { favoriteRoutes } from './favorites/routes.ts';
import { highlightRoutes } from './highlights/routes.ts';
import { chatRoutes } from './chats/routes.ts';
import { rightRoutes } from './rights/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { quickMeetingRoutes } from './meetings/routes.ts';
import { botRoutes } from './bots/routes.ts';
import { seedTranscriberProfiles } from './transcriber-profiles/seed.ts';
import { userRoutes } from './users/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  logger: FastifyBaseLogger;
  /** What /readyz answers (health/readiness.ts). */
  readiness: ReadinessProbe;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // The process logger (see logging.ts): secret fields redacted, errors without bound values.
    loggerInstance: options.logger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The request id: a safe incoming X-Request-Id, else a new one (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One line per request only when asked for (LOG_LEVEL=debug or trace); errors are always logged.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(ctx.config.logLevel) }),
  });
  registerRequestContext(app);
  registerErrorHandler(app);
  registerHttpMetrics(app, ctx.metrics);
  registerSecurityHeaders(app, ctx.config);
  const routes = trackRoutes(app);
  await app.register(cookie, { secret: resolveSecret(ctx.config) });
  // After body parsing, so that limits may key on the submitted email.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(multipart, { limits: { fileSize: MAX_AUDIO_FILE_BYTES } });
  registerXsrf(app, { secure: ctx.config.publicUrl.startsWith('https:') });
  registerAuthentication(app, ctx);
  registerTextInputCheck(app);
  if (ctx.config.checkResponses) registerResponseCheck(app);

  await app.register(healthRoutes(options.readiness));
  await app.register(metricsRoutes(ctx));

  /** What the web client needs before anyone signs in. */
  route(app, API.system.config, async () => ({
    appName: ctx.config.appName,
    theme: ctx.config.appTheme,
    userCreationDisabled: ctx.config.userCreationDisabled,
    invitationsDisabled: ctx.config.invitationsDisabled,
    setupRequired: ctx.firstRun?.pending ?? false,
    features: { ...FEATURES, experimentalHighlight: ctx.config.experimentalHighlight },
    sso: ctx.config.oidc ? { name: ctx.config.oidc.name, path: `${AUTH_BASE}/oidc` } : null,
  }));

  const document = openApiDocument(ctx.config.appName);
  route(app, API.system.docs, async () => document);

  await app.register(authRoutes(ctx), { prefix: AUTH_BASE });
  await app.register(userRoutes(ctx), { prefix: API_BASE });
  await app.register(organizationRoutes(ctx), { prefix: API_BASE });
  await app.register(adminRoutes(ctx), { prefix: `${API_BASE}/administration` });
  await app.register(apiKeyRoutes(ctx), { prefix: API_BASE });
  await app.register(conversationRoutes(ctx), { prefix: API_BASE });
  await app.register(transcriptRoutes(ctx), { prefix: API_BASE });
  await app.register(subtitleRoutes(ctx), { prefix: API_BASE });
  await app.register(burnRoutes(ctx), { prefix: API_BASE });
  await app.register(exportRoutes(ctx), { prefix: API_BASE });
  await app.register(reportRoutes(ctx), { prefix: API_BASE });
  await app.register(transcriberProfileRoutes(ctx), { prefix: API_BASE });
  await app.register(aiProfileRoutes(ctx), { prefix: API_BASE });
  await app.register(keywordRoutes(ctx), { prefix: API_BASE });
  await app.register(sessionRoutes(ctx), { prefix: API_BASE });
  await app.register(quickMeetingRoutes(ctx), { prefix: API_BASE });
  await app.register(botRoutes(ctx), { prefix: API_BASE });
  await app.register(tagRoutes(ctx), { prefix: API_BASE });
  await app.register(rightRoutes(ctx), { prefix: API_BASE });
  await app.register(favoriteRoutes(ctx), { prefix: API_BASE });
  await app.register(highlightRoutes(ctx), { prefix: API_BASE });
  await app.register(chatRoutes(ctx), { prefix: API_BASE });
  await app.register(webhookRoutes(ctx), { prefix: API_BASE });
  await seedTranscriberProfiles(ctx);

  routes.assertMatchesTable();
  await serveWebClient(app, ctx.config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}

/** The built SPA: static files, and index.html for every client route (history mode). */
async function serveWebClient(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`web client not built (${dist}); run npm run build`);
    return;
  }
  // serve: false: the route below answers every path and sets Cache-Control. preCompressed: the build writes .br and .gz
  // twins of text files (see the web client's vite.config.ts), sent to browsers that accept them.
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true, cacheControl: false });
  const html = fs.readFileSync(index);
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/cm-api/') || request.url.startsWith('/ws/')) {
      return reply.callNotFound();
    }
    const file = path.join(dist, decodeURIComponent(request.url.split('?')[0]!));
    if (file.startsWith(dist + path.sep) && path.extname(file) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Files under assets/ carry a content hash in their name: a new build gives new names.
      const hashed = request.url.startsWith('/assets/');
      if (fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`)) reply.header('vary', 'Accept-Encoding');
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(dist, file));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
