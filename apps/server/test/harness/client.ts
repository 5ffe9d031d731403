/**
 * A small HTTP client that behaves like the web client: it keeps cookies, mirrors the XSRF-TOKEN
 * cookie into X-XSRF-TOKEN on non-GET calls and sends the access token as a Bearer header.
 * Redirects are not followed, so tests can look at them.
 */
import crypto from 'node:crypto';
import type { Locale } from '@palabre/shared';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
  bytes: Buffer;
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  /** A raw body, sent as is (set the content type in headers). */
  raw?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** false: no Authorization header; a string: that token instead of the client's own. */
  auth?: boolean | string;
  /** false: do not mirror the XSRF cookie into the header; a string: send that value instead. */
  xsrf?: boolean | string;
}

export interface SignUpFields {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  /** The interface language the web client sends. */
  locale?: Locale;
  /** The token of the invitation link the sign-up comes from. */
  invitation?: string;
}

export interface TokenPairBody {
  auth_token: string;
  refresh_token?: string | undefined;
  user_id: string;
  expires_in: number;
}

/** A random private address: each simulated person reaches the server from their own address. */
function randomAddress(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]! | 1}`;
}

export class TestClient {
  readonly baseUrl: string;
  /** The address a reverse proxy in front of the server reports for this client (X-Forwarded-For). */
  readonly address: string;
  readonly cookies = new Map<string, string>();
  authToken: string | undefined;
  refreshToken: string | undefined;
  userId: string | undefined;

  constructor(baseUrl: string, options: { address?: string } = {}) {
    this.baseUrl = baseUrl;
    this.address = options.address ?? randomAddress();
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...options.headers };
    if (method !== 'GET' && method !== 'HEAD' && options.xsrf !== false) {
      if (typeof options.xsrf === 'string') headers['x-xsrf-token'] = options.xsrf;
      else {
        if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/cm-api/api/config', { auth: false });
        headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
      }
    }
    const token = typeof options.auth === 'string' ? options.auth : options.auth === false ? undefined : this.authToken;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    const response = await fetch(url, { method, headers, body: body ?? null, redirect: 'manual' });
    this.storeCookies(response.headers);
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.toString('utf8');
    return { status: response.status, headers: response.headers, body: parsed as T, bytes };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, json });
  }
  put<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, json });
  }
  patch<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...options, json });
  }
  delete<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('DELETE', path, { ...options, json });
  }

  /** POST /cm-api/auth/login; on success the client keeps the tokens. */
  async login(email: string, password: string): Promise<ApiResponse> {
    const response = await this.post('/cm-api/auth/login', { email, password }, { auth: false });
    if (response.status === 200) this.useTokens(response.body as TokenPairBody);
    return response;
  }

  useTokens(pair: TokenPairBody): void {
    this.authToken = pair.auth_token;
    this.refreshToken = pair.refresh_token;
    this.userId = pair.user_id;
  }

  /** POST /cm-api/api/users as multipart, like the create-account screen. */
  signUp(fields: SignUpFields, picture?: { bytes: Buffer; filename?: string; type?: string }): Promise<ApiResponse> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
    if (picture) {
      form.append('picture', new Blob([picture.bytes], { type: picture.type ?? 'image/png' }), picture.filename ?? 'picture.png');
    }
    return this.request('POST', '/cm-api/api/users', { form, auth: false });
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.trim().split('=');
        if (k!.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k!.toLowerCase() === 'expires') return new Date(v!).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
