import { z } from 'zod';
import { ASSIGNABLE_ORGANIZATION_ROLES } from '../roles.ts';
import { TEXT_LIMITS } from '../constants.ts';
import { zEmail, zText } from './common.ts';
import { zPublicUser } from './users.ts';

export const ORGANIZATION_VISIBILITIES = ['private', 'public'] as const;
export const zOrganizationPermissions = z.object({
  upload: z.boolean(),
  summary: z.boolean(),
  session: z.boolean(),
});
export type OrganizationPermissions = z.infer<typeof zOrganizationPermissions>;
export const DEFAULT_ORGANIZATION_PERMISSIONS: OrganizationPermissions = { upload: true, summary: true, session: true };

export const zAssignableRole = z.union(ASSIGNABLE_ORGANIZATION_ROLES.map((r) => z.literal(r)));

export const zOrganizationMember = zPublicUser.extend({ role: z.number().int(), userId: z.string() });
export type OrganizationMember = z.infer<typeof zOrganizationMember>;

export const zOrganization = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.string(),
  visibility: z.enum(ORGANIZATION_VISIBILITIES),
  users: z.array(zOrganizationMember),
  permissions: zOrganizationPermissions,
  matchingEmails: z.array(z.string()),
  statistics: z.object({ mediaCount: z.number().int(), memberCount: z.number().int() }),
  invitations: z.array(z.object({ email: z.string(), role: z.number().int(), state: z.literal('pending') })),
  /** Caller's own level in this organization (owner 6). */
  myRole: z.number().int(),
  /** What the caller may do here, so the interface hides what it cannot. */
  abilities: z.object({
    read: z.boolean(),
    update: z.boolean(),
    delete: z.boolean(),
    invite: z.boolean(),
    manageMembers: z.boolean(),
    leave: z.boolean(),
    upload: z.boolean(),
    summary: z.boolean(),
    session: z.boolean(),
    /** Create, rename and delete tag categories, and edit or delete tags (members only create tags). */
    manageTags: z.boolean(),
  }),
  created: z.string(),
  last_update: z.string(),
});
export type Organization = z.infer<typeof zOrganization>;

/** A domain like "@example.com" or "example.com": users with such addresses may be invited automatically. */
export const zEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'error.invalid_email'));

export const zCreateOrganizationBody = z.object({ name: zText({ required: true, max: TEXT_LIMITS.organizationName }) }).strict();
export const zUpdateOrganizationBody = z
  .object({
    name: zText({ required: true, max: TEXT_LIMITS.organizationName }),
    description: zText({ max: TEXT_LIMITS.organizationDescription, multiline: true }),
    visibility: z.enum(ORGANIZATION_VISIBILITIES),
    permissions: zOrganizationPermissions.partial(),
    matchingEmails: z.array(zEmailDomain).max(20),
  })
  .partial()
  .strict();

export const zInviteMemberBody = z.object({ email: zEmail, role: zAssignableRole.default(1) }).strict();
export const zUpdateMemberBody = z.object({ userId: z.string().uuid(), role: zAssignableRole }).strict();
export const zRemoveMemberBody = z.object({ userId: z.string().uuid() }).strict();
export const zCancelInvitationBody = z.object({ email: zEmail }).strict();

/** An invitation waiting for the signed-in user's answer: it names the organization, the role and who invited. */
export const zPendingInvitation = z.object({
  organization: z.object({ _id: z.string(), name: z.string() }),
  role: z.number().int(),
  invitedBy: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  created: z.string(),
});
export type PendingInvitation = z.infer<typeof zPendingInvitation>;

/** "Invite matching users now": how many verified accounts would be, or were, invited. */
export const zMatchingUsersCount = z.object({ count: z.number().int() });
export const zInviteMatchingResult = z.object({ message: z.string(), invited: z.number().int(), organization: zOrganization });

export const zAdminCreateOrganizationBody = z.object({ name: zText({ required: true, max: TEXT_LIMITS.organizationName }), ownerEmail: zEmail.optional() }).strict();
