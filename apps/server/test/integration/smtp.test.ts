/**
 * Real SMTP delivery: a real SMTP server (the `smtp-server` package) on 127.0.0.1 receives what
 * the server sends through nodemailer when SMTP_URL is set, and nothing goes to the development
 * outbox. An unreachable SMTP server does not change the answers of the "send me a link" endpoints.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usersRepo } from '../../src/users/repo.ts';
import { startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

const FROM_ADDRESS = 'no-reply@palabre.test';
const SMTP_FROM = `Palabre Test <${FROM_ADDRESS}>`;

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port, keeping every message it accepts. */
async function startSmtpServer(): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain loopback: no TLS upgrade offered, so nodemailer sends in the clear.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A loopback port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// --- A small MIME reader: enough for what nodemailer writes. ---

interface ParsedMessage {
  headers: Map<string, string>;
  /** The decoded text/plain body. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const unwrapped = body.replace(/=\r?\n/g, '');
  const bytes = unwrapped.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as in a non-ASCII subject. */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, encoded: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(encoded, 'base64').toString('utf8') : decodeQuotedPrintable(encoded.replace(/_/g, ' ')),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeHeaderValue(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function textOf(entity: { headers: Map<string, string>; body: string }): string | undefined {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = entity.body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = textOf(splitEntity(part.replace(/^\r\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(contentType)) return undefined;
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body);
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return entity.body;
}

function parseMessage(raw: string): ParsedMessage {
  const entity = splitEntity(raw);
  const text = textOf(entity);
  if (text === undefined) throw new Error(`no text/plain part in:\n${raw}`);
  return { headers: entity.headers, text };
}

/** The links to the public URL in a text, decoded. */
function linksTo(publicUrl: string, text: string): URL[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0])).filter((url) => url.origin === publicUrl);
}

/** Files in the development outbox (none if the folder does not exist). */
function outboxFiles(server: TestServer): string[] {
  const outbox = path.join(server.ctx.config.dataDir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
}

describe('with a reachable SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const onlyMailTo = (email: string) => {
    const mails = receivedBy(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe(FROM_ADDRESS);
    expect(mail.to).toEqual([email]);
    return { ...mail, ...parseMessage(mail.raw) };
  };

  it('delivers the magic link, whose token then signs in', async () => {
    const ada = await server.quickUser();
    const response = await server.client().post('/cm-api/auth/magic-link', { email: ada.email });
    expect(response.status).toBe(200);

    const mail = onlyMailTo(ada.email);
    expect(mail.headers.get('from')).toBe(SMTP_FROM);
    expect(mail.headers.get('to')).toBe(ada.email);
    expect(mail.headers.get('subject')).toBe('Your sign-in link for Palabre');
    const links = linksTo(server.url, mail.text);
    expect(links).toHaveLength(1);
    expect(links[0]!.pathname).toMatch(/^\/magiclink-auth\/[\w-]+$/);
    const magicId = links[0]!.pathname.split('/').pop()!;
    // The very link the harness recorded in memory: nothing was lost or altered on the wire.
    expect(mail.text.trim()).toBe(server.lastMail(ada.email).text.trim().replace(/\n/g, '\r\n'));

    const login = await server.client().post('/cm-api/auth/login/magic-link', { magicId });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ auth_token: expect.any(String), user_id: ada.id });
    expect((await server.client().post('/cm-api/auth/login/magic-link', { magicId })).status).toBe(401);
    expect(outboxFiles(server)).toEqual([]);
  });

  it('delivers the password reset link, whose token then sets a new password', async () => {
    const ada = await server.quickUser();
    const response = await server.client().post('/cm-api/api/users/self/reset-password', { email: ada.email });
    expect(response.status).toBe(200);

    const mail = onlyMailTo(ada.email);
    expect(mail.headers.get('subject')).toBe('Reset your Palabre password');
    const links = linksTo(server.url, mail.text);
    expect(links).toHaveLength(1);
    expect(links[0]!.pathname).toBe('/reset-password');
    const token = links[0]!.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]+$/);

    const reset = await server.client().put('/cm-api/api/users/self/reset-password', { token, password: 'new-smtp-secret' });
    expect(reset.status).toBe(200);
    expect((await server.client().login(ada.email, 'new-smtp-secret')).status).toBe(200);
    expect(outboxFiles(server)).toEqual([]);
  });

  it('delivers non-ASCII mails (quoted-printable body, encoded subject) intact', async () => {
    const ada = await server.quickUser();
    await usersRepo.update(server.ctx.db, ada.id, { locale: 'fr-FR' });
    expect((await server.client().post('/cm-api/auth/magic-link', { email: ada.email })).status).toBe(200);

    const mail = onlyMailTo(ada.email);
    expect(mail.headers.get('subject')).toBe('Votre lien de connexion à Palabre');
    expect(mail.text).toContain('Suivez ce lien pour vous connecter à Palabre');
    const [link] = linksTo(server.url, mail.text);
    const magicId = link!.pathname.split('/').pop()!;
    expect((await server.client().post('/cm-api/auth/login/magic-link', { magicId })).status).toBe(200);
    expect(outboxFiles(server)).toEqual([]);
  });

  it('sends nothing for an unknown address', async () => {
    const ghost = uniqueEmail('ghost');
    expect((await server.client().post('/cm-api/auth/magic-link', { email: ghost })).status).toBe(200);
    expect((await server.client().post('/cm-api/api/users/self/reset-password', { email: ghost })).status).toBe(200);
    expect(receivedBy(ghost)).toEqual([]);
    expect(outboxFiles(server)).toEqual([]);
  });
});

describe('with an unreachable SMTP server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, SMTP_FROM } });
  });
  afterAll(() => server?.close());

  it.each([
    ['magic-link', '/cm-api/auth/magic-link'],
    ['password reset', '/cm-api/api/users/self/reset-password'],
  ])('answers the %s request as for any address, and logs the failure', async (_what, path) => {
    const error = vi.spyOn(server.ctx.log, 'error');
    const ada = await server.quickUser();
    const unknown = await server.client().post(path, { email: uniqueEmail('ghost') });
    const known = await server.client().post(path, { email: ada.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(error).toHaveBeenCalledTimes(1);
    expect(outboxFiles(server)).toEqual([]);
    error.mockRestore();
  });
});
