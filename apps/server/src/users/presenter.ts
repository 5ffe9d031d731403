import { DEFAULT_EMAIL_NOTIFICATIONS, type PublicUser, type User, type UserCard } from '@palabre/shared';
import type { UserRow } from '../http/auth.ts';

export function pictureUrl(row: Pick<UserRow, 'id' | 'picture' | 'updatedAt'>): string | null {
  return row.picture ? `/cm-api/api/users/${row.id}/picture?v=${row.updatedAt.getTime()}` : null;
}

export function presentUser(row: UserRow, favorites: string[] = []): User {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    picture: pictureUrl(row),
    private: row.private,
    role: row.role,
    status: row.status,
    locale: row.locale ?? null,
    emailNotifications: { ...DEFAULT_EMAIL_NOTIFICATIONS, ...row.emailNotifications },
    emailVerified: row.emailVerifiedAt !== null,
    favorites,
    created: row.createdAt.toISOString(),
    last_update: row.updatedAt.toISOString(),
  };
}

export function presentPublicUser(row: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email' | 'picture' | 'updatedAt'>): PublicUser {
  return { _id: row.id, firstname: row.firstname, lastname: row.lastname, email: row.email, picture: pictureUrl(row) };
}

/** Someone's card: the address only when `withEmail` (`people.seeEmail`). */
export function presentUserCard(row: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email' | 'picture' | 'updatedAt'>, withEmail: boolean): UserCard {
  const { email, ...card } = presentPublicUser(row);
  return withEmail ? { ...card, email } : card;
}
