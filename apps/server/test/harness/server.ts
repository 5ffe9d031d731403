/**
 * Starts the real server for a test file: a fresh data folder, a fresh database (PGlite in that
 * folder, or a new database in the run's PostgreSQL cluster), real HTTP on 127.0.0.1.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import type { Mail } from '../../src/mail/mailer.ts';
import { startServer, type RunningServer, type StartOptions } from '../../src/server.ts';
import { createAccount } from '../../src/users/service.ts';
import { eq } from 'drizzle-orm';
import { conversations, users } from '../../src/db/schema.ts';
import { TestClient, type ApiResponse, type SignUpFields } from './client.ts';
import { DATABASE_FREE_FILES } from './database-free.ts';

export { TestClient, type ApiResponse } from './client.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  /** A client signed in as this user. */
  client: TestClient;
}

export interface TestServer {
  url: string;
  running: RunningServer;
  ctx: AppContext;
  dbKind: 'pglite' | 'postgres';
  /** A new anonymous client (its own cookies and address). */
  client(): TestClient;
  /** Signs up through POST /users (multipart), then signs in. */
  signUp(overrides?: Partial<SignUpFields>): Promise<TestUser>;
  /** Creates an account directly (as `palabre admin create-user` does), then signs in. */
  createUser(options?: Partial<SignUpFields> & { role?: number }): Promise<TestUser>;
  /**
   * An account without a password (as single sign-on creates them) with a session opened directly:
   * for tests about something other than signing in, it skips the deliberately slow password hashing.
   * Its `password` is empty.
   */
  quickUser(options?: Partial<Omit<SignUpFields, 'password'>> & { role?: number }): Promise<TestUser>;
  /** Mails sent to an address, oldest first. */
  mails(to: string): Mail[];
  lastMail(to: string): Mail;
  /** Everything the server logged so far (only with `captureLog`), one JSON line per entry. */
  logged(): string;
  /** Follows the last address verification link mailed to `to`; answers the PATCH's status. */
  verifyEmail(to: string): Promise<number>;
  close(): Promise<void>;
}

let sequence = 0;
/** A unique address for this run (tests share a database within a file). */
export function uniqueEmail(tag = 'user', domain = 'example.org'): string {
  sequence += 1;
  return `${tag}-${sequence}-${crypto.randomBytes(3).toString('hex')}@${domain}`;
}

/** The first URL in a mail's text. */
export function linkIn(mail: Mail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** A real 1×1 PNG image. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Fails in a file listed as opening no database (see database-free.ts). */
export function refuseInDatabaseFreeFile(): void {
  const file = expect.getState().testPath?.split('\\').join('/');
  const listed = file && DATABASE_FREE_FILES.find((free) => file.endsWith(`/${free}`));
  if (listed) throw new Error(`${listed} is listed as opening no database (test/harness/database-free.ts): take it off the list to start a server in it`);
}

export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  refuseInDatabaseFreeFile();
  const name = `palabre_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function startTestServer(
  options: {
    env?: Record<string, string | undefined>;
    /** Keep the server's log (level info) for logged(). */
    captureLog?: boolean;
    start?: Omit<StartOptions, 'logger' | 'logStream'>;
  } = {},
): Promise<TestServer> {
  refuseInDatabaseFreeFile();
  const dbKind = inject('testDatabase');
  const logLines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-test-'));
  const database = dbKind === 'postgres' ? await createDatabase(inject('postgresAdminUrl')) : undefined;
  const config = loadConfig({
    PALABRE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database?.url,
    // Test clients play people reaching the server through a reverse proxy, each from their own
    // address (X-Forwarded-For), so per-address rate limits apply to each of them separately.
    TRUST_PROXY: 'true',
    // No test server downloads a speech model unless its test asks for it.
    PALABRE_DEFAULT_MODEL: 'none',
    // Every answer is checked against its endpoint's contract (see response-check.ts here).
    PALABRE_CHECK_RESPONSES: 'true',
    // Encoder listeners (ffmpeg per channel) only for the tests that send RTMP or SRT.
    LIVE_RTMP_PORTS: 'off',
    LIVE_SRT_PORTS: 'off',
    ...options.env,
  });
  let running: RunningServer;
  try {
    running = options.captureLog
      ? await startServer({ ...config, logLevel: 'info' }, { ...options.start, logStream: { write: (line: string) => void logLines.push(line) } })
      : await startServer(config, { ...options.start, logger: false });
  } catch (error) {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The port is only known once listening: links in mails and the SSO callback use the real one.
  running.ctx.config.publicUrl = running.url;
  const url = running.url;
  let closed = false;

  const server: TestServer = {
    url,
    running,
    ctx: running.ctx,
    dbKind: running.db.kind,
    client: () => new TestClient(url),
    async signUp(overrides = {}) {
      const fields: SignUpFields = {
        firstname: 'Test',
        lastname: 'User',
        email: uniqueEmail(),
        password: `pw-${crypto.randomBytes(6).toString('hex')}`,
        ...overrides,
      };
      const client = new TestClient(url);
      const created = await client.signUp(fields);
      if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
      return signIn(client, fields);
    },
    async createUser(options = {}) {
      const { role, ...rest } = options;
      const fields: SignUpFields = {
        firstname: 'Test',
        lastname: 'User',
        email: uniqueEmail(),
        password: `pw-${crypto.randomBytes(6).toString('hex')}`,
        ...rest,
      };
      await createAccount(running.ctx, { ...fields, role, verified: true });
      return signIn(new TestClient(url), fields);
    },
    async quickUser(options = {}) {
      const { role, ...rest } = options;
      const fields = { firstname: 'Test', lastname: 'User', email: uniqueEmail(), ...rest };
      const user = await createAccount(running.ctx, { ...fields, password: null, role, verified: true });
      const client = new TestClient(url);
      client.useTokens(await running.ctx.tokens.openSession(user.id, 'signup'));
      return { id: user.id, password: '', ...fields, client };
    },
    mails: (to) => running.ctx.mailer.recent.filter((m) => m.to === to),
    logged: () => logLines.join(''),
    lastMail(to) {
      const mails = server.mails(to);
      if (mails.length === 0) throw new Error(`no mail was sent to ${to}`);
      return mails[mails.length - 1]!;
    },
    async verifyEmail(to) {
      const mail = server.mails(to).findLast((m) => linkIn(m).pathname === '/verify-email');
      if (!mail) throw new Error(`no verification mail was sent to ${to}`);
      const token = linkIn(mail).searchParams.get('token');
      return (await server.client().patch('/cm-api/api/users/self/verify-email', { token })).status;
    },
    async close() {
      if (closed) return;
      closed = true;
      await running.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

async function signIn(client: TestClient, fields: SignUpFields): Promise<TestUser> {
  const login: ApiResponse = await client.login(fields.email, fields.password);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body.user_id, email: fields.email, password: fields.password, firstname: fields.firstname, lastname: fields.lastname, client };
}

/** POST /cm-api/api/organizations as this client; returns the organization. */
export async function createOrganization(client: TestClient, name = `Org ${crypto.randomBytes(4).toString('hex')}`) {
  const response = await client.post('/cm-api/api/organizations', { name });
  if (response.status !== 201) throw new Error(`organization creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { _id: string; name: string; [key: string]: any };
}

/** Marks an account's address as verified, as following the verification link does. */
export async function markVerified(server: TestServer, userId: string): Promise<void> {
  await server.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Brings `user` into an organization the way people join: `inviter` invites the address, the
 * user's address is verified, the user accepts. Answers the organization as the user then sees it.
 */
export async function joinByInvitation(server: TestServer, inviter: TestClient, organizationId: string, user: TestUser, role = 1) {
  const invited = await inviter.post(`/cm-api/api/organizations/${organizationId}/users`, { email: user.email, role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  await markVerified(server, user.id);
  const accepted = await user.client.post(`/cm-api/api/users/self/invitations/${organizationId}/accept`);
  if (accepted.status !== 200) throw new Error(`acceptance failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.body as { _id: string; myRole: number; [key: string]: any };
}

/**
 * Inserts a media row as the pipeline leaves a processed one (status done), for tests about what
 * happens after processing; `values` override anything. Answers its id.
 */
export async function insertMedia(
  server: Pick<TestServer, 'ctx'>,
  values: Partial<typeof conversations.$inferInsert> & { organizationId: string; ownerId: string | null },
): Promise<string> {
  const id = values.id ?? crypto.randomUUID();
  await server.ctx.db.insert(conversations).values({ name: `Media ${id.slice(0, 6)}`, status: 'done', progress: 1, ...values, id });
  return id;
}

/** A media waiting for its URL import, as the creation route leaves it: the row, for the import job. */
export async function insertPendingUrlMedia(server: TestServer, organizationId: string, ownerId: string, url: string) {
  const id = await insertMedia(server, {
    organizationId,
    ownerId,
    name: 'Remote',
    source: 'url',
    status: 'pending',
    progress: 0,
    files: { originals: [], sourceUrl: url } as unknown as (typeof conversations.$inferInsert)['files'],
  });
  return (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
}
