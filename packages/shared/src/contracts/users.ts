import { z } from 'zod';
import { LOCALES, TEXT_LIMITS } from '../constants.ts';
import { PLATFORM_ROLE_MAX } from '../roles.ts';
import { zEmail, zPassword, zText } from './common.ts';

export const EMAIL_NOTIFICATION_KEYS = ['mediaShared', 'mediaUnshared', 'mediaRightsUpdated', 'organizationJoined', 'organizationLeft', 'organizationRoleChanged'] as const;
export type EmailNotificationKey = (typeof EMAIL_NOTIFICATION_KEYS)[number];
export const zEmailNotifications = z.object(Object.fromEntries(EMAIL_NOTIFICATION_KEYS.map((k) => [k, z.boolean()])) as Record<EmailNotificationKey, z.ZodBoolean>);
export type EmailNotifications = z.infer<typeof zEmailNotifications>;
export const DEFAULT_EMAIL_NOTIFICATIONS: EmailNotifications = Object.fromEntries(EMAIL_NOTIFICATION_KEYS.map((k) => [k, true])) as EmailNotifications;

export const USER_STATUSES = ['active', 'suspended'] as const;
export const zLocale = z.enum(LOCALES);

export const zUser = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  private: z.boolean(),
  role: z.number().int(),
  status: z.enum(USER_STATUSES),
  locale: zLocale.nullable(),
  emailNotifications: zEmailNotifications,
  emailVerified: z.boolean(),
  favorites: z.array(z.string()),
  created: z.string(),
  last_update: z.string(),
});
export type User = z.infer<typeof zUser>;

/** What other users may see of someone. */
export const zPublicUser = zUser.pick({ _id: true, firstname: true, lastname: true, email: true, picture: true });
export type PublicUser = z.infer<typeof zPublicUser>;

/**
 * GET /users/{id}: someone's card, the address only for the person themselves and the platform
 * administrators who manage their account (`people.seeEmail` on the server).
 */
export const zUserCard = zPublicUser.extend({ email: z.string().optional() });
export type UserCard = z.infer<typeof zUserCard>;

const zPersonName = zText({ required: true, max: TEXT_LIMITS.personName });

/** Multipart fields of POST /users (the picture is a file part). */
export const zCreateUserFields = z.object({
  firstname: zPersonName,
  lastname: zPersonName,
  email: zEmail,
  password: zPassword,
  /** The language of the interface the account was created in: its mails are written in it. */
  locale: zLocale.optional(),
  /** The token of the invitation link the sign-up came from: with the invited address, it counts as verified. */
  invitation: z.string().min(16).max(512).optional(),
});

/** POST /setup: the first account of an installation, made with the one-time setup token the server printed. */
export const zSetupBody = z.object({
  token: z.string().trim().min(16).max(256),
  firstname: zPersonName,
  lastname: zPersonName,
  email: zEmail,
  password: zPassword,
  locale: zLocale.optional(),
});
export type SetupBody = z.input<typeof zSetupBody>;

export const zUpdateSelfBody = z
  .object({
    firstname: zPersonName,
    lastname: zPersonName,
    email: zEmail,
    private: z.boolean(),
    locale: zLocale.nullable(),
    emailNotifications: zEmailNotifications.partial(),
    role: z.number().int().min(0).max(31),
    /** Required to change the address of an account that has a password. */
    currentPassword: z.string().min(1).max(1024),
  })
  .partial()
  .strict();

/** The one-shot token of an address verification link. */
export const zVerifyEmailBody = z.object({ token: z.string().min(16).max(256) }).strict();

export const zChangePasswordBody = z.object({ currentPassword: z.string().trim().min(1), newPassword: zPassword }).strict();

export const zUserSearchQuery = z.object({ search: zText({ required: true, max: TEXT_LIMITS.search }) });

/** Backoffice. */
export const zAdminCreateUserBody = z
  .object({
    firstname: zPersonName,
    lastname: zPersonName,
    email: zEmail,
    password: zPassword,
    role: z.number().int().min(0).max(PLATFORM_ROLE_MAX).optional(),
  })
  .strict();
export const zAdminUpdateUserBody = z
  .object({ role: z.number().int().min(0).max(PLATFORM_ROLE_MAX), status: z.enum(USER_STATUSES) })
  .partial()
  .strict();
/** An account as the backoffice shows it: the profile and its organizations, with its role in each. */
export const zAdminUser = zUser.extend({
  organizations: z.array(z.object({ _id: z.string(), name: z.string(), role: z.number().int() })),
});
export type AdminUser = z.infer<typeof zAdminUser>;
