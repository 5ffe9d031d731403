/**
 * The cast of a rights test: an organization's owner, two plain members (a future writer and a
 * reader) and an outsider; and a processed media of that organization shared among them.
 */
import { RIGHT, RIGHT_LEVELS, type Transcript } from '@palabre/shared';
import { conversationRights, memberships } from '../../src/db/schema.ts';
import { createOrganization, type TestServer, type TestUser } from './server.ts';
import { seedTranscribedMedia } from './transcripts.ts';

export interface Cast {
  owner: TestUser;
  writer: TestUser;
  reader: TestUser;
  outsider: TestUser;
  orgId: string;
}

/** Four new users; `owner` creates an organization that `writer` and `reader` join as members. */
export async function createCast(server: TestServer): Promise<Cast> {
  const [owner, writer, reader, outsider] = await Promise.all([server.quickUser(), server.quickUser(), server.quickUser(), server.quickUser()]);
  const orgId = (await createOrganization(owner.client))._id;
  await server.ctx.db.insert(memberships).values([
    { organizationId: orgId, userId: writer.id, role: 1 },
    { organizationId: orgId, userId: reader.id, role: 1 },
  ]);
  return { owner, writer, reader, outsider, orgId };
}

/**
 * A processed media of the cast's organization owned by `owner`, holding `transcript`: members read
 * it, `writer` holds the write right. Answers its id.
 */
export async function seedSharedMedia(server: TestServer, cast: Cast, values: { transcript: Transcript; duration?: number; name?: string; language?: string }): Promise<string> {
  const id = await seedTranscribedMedia(server, { organizationId: cast.orgId, ownerId: cast.owner.id, membersRight: RIGHT.READ, ...values });
  await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: cast.writer.id, right: RIGHT_LEVELS.write });
  return id;
}
