/** /cm-api/api/users: accounts, own profile, password, picture, search. */
import type { FastifyInstance } from 'fastify';
import { API, zEmail } from '@palabre/shared';
import { requireWriteOwn } from '../api-keys/read-only.ts';
import type { AppContext } from '../context.ts';
import { AppError, notFound, parse } from '../http/errors.ts';
import { readSmallForm } from '../http/multipart.ts';
import { route } from '../http/route.ts';
import * as authService from '../auth/service.ts';
import { MAX_PICTURE_BYTES, pictureType } from './picture.ts';
import { people, policyUser } from '../policy.ts';
import { presentPublicUser, presentUserCard } from './presenter.ts';
import { usersRepo } from './repo.ts';
import * as users from './service.ts';
import { resendVerification, verifyEmail } from './verification.ts';
import { setUpFirstAdministrator } from './first-run.ts';
import { invitationVouchesFor } from '../organizations/invitations.ts';
import { sendTokens } from '../auth/session-cookie.ts';

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    /**
     * Account creation (step one of sign-up). The client then signs in and names its organization, or,
     * coming from an invitation link, answers the invitation: the link proved the address it was mailed to.
     */
    route(app, API.users.create, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async ({ request }) => {
      if (ctx.config.userCreationDisabled) throw new AppError('registration_disabled', 'Registration is disabled on this platform');
      const form = await readSmallForm(request, MAX_PICTURE_BYTES);
      const { invitation, ...input } = parse(API.users.create.multipart, form.fields);
      const verified = invitation !== undefined && (await invitationVouchesFor(ctx, invitation, input.email));
      const user = await users.createAccount(ctx, { ...input, picture: form.files.picture, verified });
      return { message: 'Account created', user_id: user.id };
    });

    /** The first account of an installation, with the one-time setup token the server printed. */
    route(app, API.users.setup, { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async ({ body, request, reply }) => {
      return sendTokens(ctx, request, reply, await setUpFirstAdministrator(ctx, body));
    });

    route(app, API.users.self, async ({ actor }) => users.getSelf(ctx, actor));

    // Each change of address mails two addresses: a few per hour per account.
    const emailChangeLimit = app.createRateLimit({ max: 5, timeWindow: '1 hour', keyGenerator: (request) => `email-change|${request.actor?.user.id}` });
    route(app, API.users.updateSelf, async ({ actor, body: input, request }) => {
      if (input.email !== undefined && input.email !== actor.user.email) {
        const limit = await emailChangeLimit(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('rate_limited', 'Too many changes of address, please wait an hour');
      }
      return users.updateSelf(ctx, actor, input);
    });

    route(app, API.users.changePassword, async ({ actor, body, request, reply }) => {
      return sendTokens(ctx, request, reply, await users.changePassword(ctx, actor, body.currentPassword, body.newPassword));
    });

    /** Follows a verification link; the token alone identifies the account, so no sign-in is needed. */
    route(app, API.users.verifyEmail, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async ({ body }) => {
      await verifyEmail(ctx, body.token);
      return { message: 'Your email address is verified.' };
    });

    route(
      app,
      API.users.resendVerification,
      { config: { rateLimit: { max: 3, timeWindow: '10 minutes', keyGenerator: (request) => `verify-email|${request.actor?.user.id ?? request.ip}` } } },
      async ({ actor }) => {
        requireWriteOwn(actor);
        await resendVerification(ctx, actor.user);
        return { message: 'A new verification link has been sent.' };
      },
    );

    route(app, API.users.setPicture, async ({ actor, request }) => {
      const form = await readSmallForm(request, MAX_PICTURE_BYTES);
      const picture = form.files.picture;
      if (!picture) throw new AppError('validation_failed', 'No picture was sent', { picture: 'error.required' });
      return users.setPicture(ctx, actor, picture);
    });

    route(app, API.users.removePicture, async ({ actor }) => users.setPicture(ctx, actor, null));

    /** Asks for a reset link. Same answer whether or not the address exists. */
    route(app, API.users.requestPasswordReset, { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async ({ body }) => {
      await authService.requestPasswordReset(ctx, body.email);
      return { message: 'If an account exists for this address, a reset link has been sent to it.' };
    });

    route(app, API.users.resetPassword, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async ({ body }) => {
      await authService.resetPassword(ctx, body.token, body.password);
      return { message: 'Your password has been changed. You can now sign in.' };
    });

    route(app, API.users.search, async ({ actor, query: { search } }) => {
      const exact = zEmail.safeParse(search);
      const rows = await usersRepo.searchKnownTo(ctx.db, actor.user.id, search, { exactEmail: exact.success ? exact.data : null, limit: 20 });
      const list = rows.filter((u) => u.id !== actor.user.id).map(presentPublicUser);
      return { count: list.length, list };
    });

    route(app, API.users.get, async ({ actor, params }) => {
      const user = await users.getVisibleUser(ctx, actor, params.id);
      return presentUserCard(user, people.seeEmail(policyUser(actor), user));
    });

    route(app, API.users.picture, async ({ actor, params, reply }) => {
      const user = await users.getVisibleUser(ctx, actor, params.id);
      if (!user.picture) throw notFound('Picture');
      return reply
        .header('content-type', pictureType(user.picture))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(ctx.storage.read(user.picture));
    });
  };
}
