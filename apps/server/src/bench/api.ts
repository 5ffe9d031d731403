/**
 * The little HTTP client the benchmarks use, behaving like the web client: it keeps the XSRF-TOKEN
 * cookie and mirrors it into X-XSRF-TOKEN, and sends the access token as a Bearer header. Uploads
 * are streamed from a file with http.request (a hand-built multipart body), never read whole.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export class BenchClient {
  readonly baseUrl: string;
  private readonly cookies = new Map<string, string>();
  private token: string | undefined;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private async headers(method: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/cm-api/api/config');
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    }
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  private keepCookies(lines: readonly string[]): void {
    for (const line of lines) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the fields of JSON answers it knows
  async request(method: string, route: string, body?: { json?: unknown; form?: FormData }): Promise<{ status: number; body: any }> {
    const headers = await this.headers(method);
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) payload = body.form;
    const response = await fetch(new URL(route, this.baseUrl), { method, headers, body: payload ?? null, redirect: 'manual' });
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    const parsed = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: parsed };
  }

  /** Uses an access token obtained elsewhere (an account seeded directly in the database). */
  useToken(token: string): this {
    this.token = token;
    return this;
  }

  /** Signs up through POST /users and signs in (the client keeps the access token); answers the account. */
  async signUp(): Promise<{ email: string; password: string }> {
    const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.org`;
    const password = `pw-${crypto.randomBytes(8).toString('hex')}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstname: 'Bench', lastname: 'Mark', email, password })) form.append(k, v);
    const created = await this.request('POST', '/cm-api/api/users', { form });
    if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
    await this.signIn(email, password);
    return { email, password };
  }

  /** Signs in; the client keeps the access token. Answers the sign-in's tokens. */
  async signIn(email: string, password: string): Promise<{ auth_token: string; refresh_token: string; user_id: string }> {
    const login = await this.request('POST', '/cm-api/auth/login', { json: { email, password } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    this.token = login.body.auth_token;
    return login.body;
  }

  /** Signs up through POST /users, signs in, creates an organization; returns its id. */
  async signUpWithOrganization(): Promise<string> {
    await this.signUp();
    const org = await this.request('POST', '/cm-api/api/organizations', { json: { name: 'Benchmarks' } });
    if (org.status !== 201) throw new Error(`organization creation failed: ${org.status} ${JSON.stringify(org.body)}`);
    return org.body._id as string;
  }

  /**
   * POST /organizations/{id}/conversations/create with the file streamed from disk as the `file`
   * part. Resolves when the answer has been read (status, parsed body).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the fields of JSON answers it knows
  async uploadFile(organizationId: string, file: string, fields: Record<string, string>, contentType = 'audio/wav'): Promise<{ status: number; body: any }> {
    const boundary = `----palabre-bench-${crypto.randomBytes(8).toString('hex')}`;
    const head =
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const size = fs.statSync(file).size;
    const headers = {
      ...(await this.headers('POST')),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
    };
    const url = new URL(`/cm-api/api/organizations/${organizationId}/conversations/create`, this.baseUrl);
    return new Promise((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.write(head);
      const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
      // The server may answer (413) before it has read everything; a reset after that is not an error.
      pipeline(source, request, { end: false })
        .then(() => request.end(tail))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
        });
    });
  }
}
