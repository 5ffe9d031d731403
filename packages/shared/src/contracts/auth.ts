import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { VALIDATION_ERRORS } from '../validation.ts';
import { zEmail, zPassword } from './common.ts';

// Passwords are trimmed when set (docs/PRODUCT.md, Validation), so they are trimmed when checked too.
export const zLoginBody = z.object({ email: zEmail, password: z.string().trim().min(1).max(MAX_PASSWORD_LENGTH, VALIDATION_ERRORS.passwordLength) });
export type LoginBody = z.input<typeof zLoginBody>;

export const zTokenPair = z.object({
  auth_token: z.string(),
  /** Absent when the client keeps it in the HttpOnly cookie (browsers). */
  refresh_token: z.string().optional(),
  user_id: z.string(),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof zTokenPair>;

export const zMagicLinkLoginBody = z.object({ magicId: z.string().min(16).max(256) });
export const zMagicLinkRequestBody = z.object({ email: zEmail, conversationId: z.string().uuid().optional() });
/** Non-browser clients send the refresh token in the body; browsers send the HttpOnly cookie instead. */
export const zRefreshBody = z.object({ refresh_token: z.string().min(16).max(4096).optional() });

export const zResetPasswordRequestBody = z.object({ email: zEmail });
export const zResetPasswordBody = z.object({
  token: z.string().min(16).max(256),
  password: zPassword,
});

export const zAuthProvider = z.object({
  id: z.string(),
  type: z.enum(['local', 'magic_link', 'oidc']),
  name: z.string(),
  path: z.string().optional(),
});
export const zAuthProviderList = z.array(zAuthProvider);
export type AuthProvider = z.infer<typeof zAuthProvider>;
