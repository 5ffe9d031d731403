/** /cm-api/auth: sign-in by password, magic link and OpenID Connect; refresh; logout. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, type AuthProvider } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { beginOidc, exchangeOidcCode, finishOidc, type OidcFlowState } from './oidc.ts';
import * as auth from './service.ts';
import { clearRefreshCookie, refreshCookieOf, sendTokens } from './session-cookie.ts';

const OIDC_COOKIE = 'palabre_oidc';

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const clientLimit = app.createRateLimit({
      max: ctx.config.loginRateLimitPerClientPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `login-client|${request.ip}`,
    });
    const clientBudget = async (request: FastifyRequest) => {
      const limit = await clientLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('rate_limited', 'Too many attempts, please wait a minute');
    };
    route(app, API.auth.providers, async () => {
      const providers: AuthProvider[] = [
        { id: 'local', type: 'local', name: 'Email and password' },
        { id: 'magic_link', type: 'magic_link', name: 'Magic link' },
      ];
      if (ctx.config.oidc) providers.push({ id: 'oidc', type: 'oidc', name: ctx.config.oidc.name, path: '/cm-api/auth/oidc' });
      return providers;
    });

    route(
      app,
      API.auth.login,
      {
        config: {
          rateLimit: {
            max: ctx.config.loginRateLimitPerMinute,
            timeWindow: '1 minute',
            // Normalised like the email rule does, so that " A@x" and "a@x " share one budget.
            keyGenerator: (request) =>
              `${request.ip}|${String((request.body as { email?: unknown })?.email ?? '')
                .trim()
                .toLowerCase()}`,
          },
        },
        // And one budget per client address across every account it tries.
        onRequest: clientBudget,
      },
      async ({ body, request, reply }) => {
        return sendTokens(ctx, request, reply, await auth.login(ctx, body.email, body.password));
      },
    );

    route(app, API.auth.magicLinkLogin, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async ({ body, request, reply }) => {
      return sendTokens(ctx, request, reply, await auth.loginWithMagicLink(ctx, body.magicId));
    });

    route(app, API.auth.magicLinkRequest, { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async ({ body }) => {
      await auth.requestMagicLink(ctx, body.email, body.conversationId);
      return { message: 'If an account exists for this address, a sign-in link has been sent to it.' };
    });

    route(app, API.auth.refresh, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async ({ body: { refresh_token }, request, reply }) => {
      const fromCookie = refresh_token === undefined;
      const token = refresh_token ?? refreshCookieOf(request);
      if (!token) throw new AppError('validation_failed', 'No refresh token was sent', { refresh_token: 'error.required' });
      try {
        return sendTokens(ctx, request, reply, await ctx.tokens.refresh(token), { cookieOnly: fromCookie });
      } catch (error) {
        if (fromCookie) clearRefreshCookie(ctx, reply);
        throw error;
      }
    });

    route(app, API.auth.logout, async ({ actor, reply }) => {
      await ctx.tokens.revokeSession(actor.sessionId);
      clearRefreshCookie(ctx, reply);
    });

    route(app, API.auth.oidcStart, async ({ reply }) => {
      const { url, flow } = await beginOidc(ctx);
      reply.setCookie(OIDC_COOKIE, JSON.stringify(flow), {
        path: '/cm-api/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https:'),
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url);
    });

    route(app, API.auth.oidcCallback, async ({ request, reply }) => {
      const raw = request.cookies[OIDC_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(OIDC_COOKIE, { path: '/cm-api/auth/oidc' });
      try {
        if (!unsigned?.valid || !unsigned.value) throw new AppError('sso_failed', 'The sign-in took too long, please try again');
        const flow = JSON.parse(unsigned.value) as OidcFlowState;
        const code = await finishOidc(ctx, new URL(request.url, ctx.config.publicUrl), flow);
        return reply.redirect(`/login/oidc?code=${encodeURIComponent(code)}`);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on failed');
        const code = error instanceof AppError ? error.code : 'sso_failed';
        return reply.redirect(`/login/oidc?error=${code}`);
      }
    });

    route(app, API.auth.oidcToken, async ({ query, request, reply }) => {
      return sendTokens(ctx, request, reply, await exchangeOidcCode(ctx, query.code));
    });
  };
}
