/**
 * The server process of server-process.ts: starts the real server from the environment and prints
 * `{ url }` once listening. With SEED_TRANSCRIPT_FILE (a JSON transcript's path) it first creates a user with a
 * session, an organization and a processed media holding that transcript, and prints them too.
 * SIGTERM closes it as `palabre serve` does.
 */
import fs from 'node:fs';
import { loadConfig } from '../../src/config.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization } from '../../src/organizations/service.ts';
import { parseRoles } from '../../src/roles.ts';
import { startServer } from '../../src/server.ts';
import { createAccount } from '../../src/users/service.ts';

const config = loadConfig(process.env);
// PALABRE_ROLE chooses the node's roles as `palabre serve --role` does (default all).
const server = await startServer(config, { logger: false, roles: parseRoles(process.env.PALABRE_ROLE) });
const ready: Record<string, unknown> = { url: server.url };
const seed = process.env.SEED_TRANSCRIPT_FILE && fs.readFileSync(process.env.SEED_TRANSCRIPT_FILE, 'utf8');
if (seed) {
  const user = await createAccount(server.ctx, { email: 'editor@example.org', firstname: 'Eda', lastname: 'Editor', password: null, verified: true });
  const tokens = await server.ctx.tokens.openSession(user.id, 'signup');
  const organization = await createOrganization(server.ctx, user, 'Persistence');
  const [media] = await server.ctx.db
    .insert(conversations)
    .values({ organizationId: organization.id, ownerId: user.id, name: 'Long interview', status: 'done', progress: 1, duration: 3 * 3600, transcript: JSON.parse(seed) })
    .returning({ id: conversations.id });
  Object.assign(ready, { userId: user.id, token: tokens.auth_token, organizationId: organization.id, conversationId: media!.id });
}
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
