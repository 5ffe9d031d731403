/** /cm-api/api/users: accounts, own profile, password, picture, search. */
import type { FastifyInstance } from 'fastify';
import {
  zChangePasswordBody,
  zCreateUserFields,
  zIdParam,
  zResetPasswordBody,
  zResetPasswordRequestBody,
  zUpdateSelfBody,
  zUserSearchQuery,
  zPassword,
  zEmail,
  zVerifyEmailBody,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { AppError, notFound, parse } from '../http/errors.ts';
import { readSmallForm } from '../http/multipart.ts';
import * as authService from '../auth/service.ts';
import { MAX_PICTURE_BYTES, pictureType } from './picture.ts';
import { presentPublicUser } from './presenter.ts';
import { usersRepo } from './repo.ts';
import * as users from './service.ts';
import { resendVerification, verifyEmail } from './verification.ts';
import { sendTokens } from '../auth/session-cookie.ts';

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    /** Account creation (step one of sign-up). The client then signs in and names its organization. */
    app.post('/users', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
      if (ctx.config.userCreationDisabled) throw new AppError('registration_disabled', 'Registration is disabled on this platform');
      const form = await readSmallForm(request, MAX_PICTURE_BYTES);
      const input = parse(zCreateUserFields, form.fields);
      const user = await users.createAccount(ctx, { ...input, picture: form.files.picture, verified: false });
      return reply.status(201).send({ message: 'Account created', user_id: user.id });
    });

    app.get('/users/self', async (request) => users.getSelf(ctx, requireActor(request)));

    // Each change of address mails two addresses: a few per hour per account.
    const emailChangeLimit = app.createRateLimit({ max: 5, timeWindow: '1 hour', keyGenerator: (request) => `email-change|${request.actor?.user.id}` });
    app.put('/users/self', async (request) => {
      const actor = requireActor(request);
      const input = parse(zUpdateSelfBody, request.body);
      if (input.email !== undefined && input.email !== actor.user.email) {
        const limit = await emailChangeLimit(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('rate_limited', 'Too many changes of address, please wait an hour');
      }
      return users.updateSelf(ctx, actor, input);
    });

    app.put('/users/self/password', async (request, reply) => {
      const actor = requireActor(request);
      const { currentPassword, newPassword } = parse(zChangePasswordBody, request.body);
      return sendTokens(ctx, request, reply, await users.changePassword(ctx, actor, currentPassword, newPassword));
    });

    /** Follows a verification link; the token alone identifies the account, so no sign-in is needed. */
    app.patch('/users/self/verify-email', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
      const { token } = parse(zVerifyEmailBody, request.body);
      await verifyEmail(ctx, token);
      return { message: 'Your email address is verified.' };
    });

    app.post(
      '/users/self/verify-email',
      { config: { rateLimit: { max: 3, timeWindow: '10 minutes', keyGenerator: (request) => `verify-email|${request.actor?.user.id ?? request.ip}` } } },
      async (request) => {
        await resendVerification(ctx, requireActor(request).user);
        return { message: 'A new verification link has been sent.' };
      },
    );

    app.put('/users/self/picture', async (request) => {
      const actor = requireActor(request);
      const form = await readSmallForm(request, MAX_PICTURE_BYTES);
      const picture = form.files.picture;
      if (!picture) throw new AppError('validation_failed', 'No picture was sent', { picture: 'error.required' });
      return users.setPicture(ctx, actor, picture);
    });

    app.delete('/users/self/picture', async (request) => users.setPicture(ctx, requireActor(request), null));

    /** Asks for a reset link. Same answer whether or not the address exists. */
    app.post('/users/self/reset-password', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async (request) => {
      const { email } = parse(zResetPasswordRequestBody, request.body);
      await authService.requestPasswordReset(ctx, email);
      return { message: 'If an account exists for this address, a reset link has been sent to it.' };
    });

    app.put('/users/self/reset-password', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
      const body = parse(zResetPasswordBody.extend({ password: zPassword }), request.body);
      await authService.resetPassword(ctx, body.token, body.password);
      return { message: 'Your password has been changed. You can now sign in.' };
    });

    app.get('/users/search', async (request) => {
      const actor = requireActor(request);
      const { search } = parse(zUserSearchQuery, request.query);
      const exact = zEmail.safeParse(search);
      const rows = await usersRepo.searchKnownTo(ctx.db, actor.user.id, search, { exactEmail: exact.success ? exact.data : null, limit: 20 });
      const list = rows.filter((u) => u.id !== actor.user.id).map(presentPublicUser);
      return { count: list.length, list };
    });

    app.get('/users/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return presentPublicUser(await users.getVisibleUser(ctx, actor, id));
    });

    app.get('/users/:id/picture', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const user = await users.getVisibleUser(ctx, actor, id);
      if (!user.picture) throw notFound('Picture');
      return reply
        .header('content-type', pictureType(user.picture))
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(ctx.storage.read(user.picture));
    });

  };
}
