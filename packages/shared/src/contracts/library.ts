/**
 * The media library beyond listing: tags and categories, favorites, shared-with-me, and the rights
 * of users on a media (docs/PRODUCT.md: Entities, States, Roles and permissions, API).
 */
import { z } from 'zod';
import { zId, zText } from './common.ts';
import { zConversationListQuery, zRightLevel } from './conversations.ts';
import { zPublicUser } from './users.ts';

// --- Tags and categories ------------------------------------------------------------------------

/** Category colors: names of the client's palette. */
export const CATEGORY_COLORS = ['gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'] as const;
export type CategoryColor = (typeof CATEGORY_COLORS)[number];

/** The category every new organization starts with. */
export const DEFAULT_CATEGORY = { name: 'Topics', color: 'blue' } as const satisfies { name: string; color: CategoryColor };

export const TAG_NAME_MAX = 50;
export const CATEGORY_NAME_MAX = 50;

export const zTag = z.object({ _id: z.string(), name: z.string(), categoryId: z.string(), organizationId: z.string() });
export type Tag = z.infer<typeof zTag>;

export const zCategory = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.enum(CATEGORY_COLORS),
  organizationId: z.string(),
  tags: z.array(zTag),
});
export type Category = z.infer<typeof zCategory>;

export const zCategoryBody = z.object({ name: zText({ required: true, max: CATEGORY_NAME_MAX }), color: z.enum(CATEGORY_COLORS) }).strict();
export const zUpdateCategoryBody = zCategoryBody.partial().strict();

export const zTagBody = z.object({ name: zText({ required: true, max: TAG_NAME_MAX }), categoryId: zId }).strict();
export const zUpdateTagBody = zTagBody.partial().strict();

export const zCategoryParams = z.object({ id: zId, categoryId: zId });
export const zTagParams = z.object({ id: zId, tagId: zId });

// --- Lists --------------------------------------------------------------------------------------

/**
 * Filters every media list accepts (organization list, favorites, shared with me): `tags` is a comma
 * list of tag ids the media must all carry; `filter=notags` keeps media without any tag.
 */
export const zLibraryListQuery = zConversationListQuery.extend({
  tags: z
    .string()
    .max(2000)
    .optional()
    .transform((raw) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(zId).max(20)),
  filter: z.enum(['notags']).optional(),
});
export type LibraryListQuery = z.output<typeof zLibraryListQuery>;

/** GET /users/self/favorites and GET /conversations/shared: the same filters, optionally one organization. */
export const zPersonalListQuery = zLibraryListQuery.extend({ organizationId: zId.optional() });

// --- Favorites ----------------------------------------------------------------------------------

export const zFavorites = z.object({ favorites: z.array(z.string()) });

// --- Rights -------------------------------------------------------------------------------------

export const zRightResponse = z.object({ right: z.number().int() });

/** Someone with access to a media, as its rights panel lists them. */
export const zConversationUser = zPublicUser.extend({
  /** Effective right on the media. */
  right: z.number().int(),
  /** Whether a per-user right is set (else the owner, organization admin or members' default right applies). */
  custom: z.boolean(),
  /** Role in the media's organization; 0 for a user outside it (shared with). */
  role: z.number().int(),
  owner: z.boolean(),
});
export type ConversationUser = z.infer<typeof zConversationUser>;

/** GET /conversations/{id}/users */
export const zConversationUsers = z.object({
  conversationUsers: z.object({
    organizationMembers: z.array(zConversationUser),
    externalMembers: z.array(zConversationUser),
  }),
  membersRight: z.number().int(),
});
export type ConversationUsers = z.infer<typeof zConversationUsers>;

/** POST /conversations/users: the media whose users to list together (to share them at once). */
export const zConversationsUsersBody = z.object({ conversations: z.array(zId).min(1).max(100) }).strict();
/** Who has access to each of those media, in the order asked (each listed once). */
export const zConversationsUsers = z.object({ conversations: z.array(zConversationUsers.extend({ conversationId: zId })) });
export type ConversationsUsers = z.infer<typeof zConversationsUsers>;

export const zConversationUserParams = z.object({ id: zId, userId: zId });
/** PUT /conversations/{id}/users/{userId}: set a user's right on the media (0 removes a member's access). */
export const zSetUserRightBody = z.object({ right: zRightLevel }).strict();

/** POST /conversations/shared/access: share several media with several users at once. */
export const zShareAccessBody = z
  .object({
    organizationId: zId,
    conversations: z.array(zId).min(1).max(100),
    users: z
      .array(z.object({ userId: zId, right: zRightLevel }).strict())
      .min(1)
      .max(50),
  })
  .strict();
export const zShareAccessResult = z.object({ shared: z.number().int() });
