/**
 * Quick set-up through the HTTP API for tests that do not test the set-up itself: accounts,
 * sign-in, organizations. Non-GET calls mirror the XSRF-TOKEN cookie into X-XSRF-TOKEN, as the
 * web client does.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export interface TokenPair {
  auth_token: string;
  refresh_token: string;
  user_id: string;
  expires_in: number;
}

export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export interface SignedInAccount extends Account {
  tokens: TokenPair;
  userId: string;
}

export interface Organization {
  _id: string;
  name: string;
  users: { userId: string; role: number; email?: string }[];
}

let counter = 0;
/** A unique, valid address: tests never share users. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}-${random}@e2e.palabre.test`.toLowerCase();
}

export function newAccount(prefix = 'user', overrides: Partial<Account> = {}): Account {
  return {
    email: uniqueEmail(prefix),
    password: `pw-${Math.random().toString(36).slice(2, 10)}-E2e`,
    firstname: 'Test',
    lastname: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    ...overrides,
  };
}

/** A random client address (the server trusts X-Forwarded-For): keeps per-address rate limits per test. */
export function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export class Api {
  readonly request: APIRequestContext;
  readonly baseURL: string;
  private constructor(request: APIRequestContext, baseURL: string) {
    this.request = request;
    this.baseURL = baseURL;
  }

  static async create(baseURL: string, clientIp: string = randomClientIp()): Promise<Api> {
    const request = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    const api = new Api(request, baseURL);
    const health = await request.get('/healthcheck');
    expect(health.ok(), 'GET /healthcheck').toBeTruthy();
    return api;
  }

  async dispose() {
    await this.request.dispose();
  }

  private async xsrf(): Promise<string> {
    const state = await this.request.storageState();
    const cookie = state.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie: GET /healthcheck did not set one');
    return cookie.value;
  }

  private headers(token?: string, xsrf?: string): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (token) h.authorization = `Bearer ${token}`;
    if (xsrf) h['x-xsrf-token'] = xsrf;
    return h;
  }

  async get<T>(path: string, token?: string): Promise<T> {
    const response = await this.request.get(path, { headers: this.headers(token) });
    if (!response.ok()) throw new Error(`GET ${path} → ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, token?: string): Promise<T> {
    const response = await this.request.fetch(path, {
      method,
      headers: { ...this.headers(token, await this.xsrf()), 'content-type': 'application/json' },
      data: body === undefined ? {} : body,
    });
    if (!response.ok()) throw new Error(`${method} ${path} → ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Account creation (multipart, as the sign-up screen sends it). */
  async createAccount(account: Account): Promise<string> {
    const response = await this.request.post('/cm-api/api/users', {
      headers: this.headers(undefined, await this.xsrf()),
      multipart: {
        firstname: account.firstname,
        lastname: account.lastname,
        email: account.email,
        password: account.password,
      },
    });
    if (response.status() !== 201) throw new Error(`POST /cm-api/api/users → ${response.status()}: ${await response.text()}`);
    const body = (await response.json()) as { user_id: string };
    return body.user_id;
  }

  login(email: string, password: string): Promise<TokenPair> {
    return this.send<TokenPair>('POST', '/cm-api/auth/login', { email, password });
  }

  /** Creates the account and signs it in. */
  async signUp(account: Account): Promise<SignedInAccount> {
    await this.createAccount(account);
    const tokens = await this.login(account.email, account.password);
    return { ...account, tokens, userId: tokens.user_id };
  }

  createOrganization(token: string, name: string): Promise<Organization> {
    return this.send<Organization>('POST', '/cm-api/api/organizations', { name }, token);
  }

  listOrganizations(token: string): Promise<unknown> {
    return this.get('/cm-api/api/organizations', token);
  }
}

/** A unique organization name. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * A new browser context for another person (their own address, and optionally a locale and a
 * window size), signed in as `tokens` in `organizationId`. The caller closes it.
 */
export async function signedInContext(
  browser: Browser,
  options: { baseURL: string; clientIp: string; tokens: TokenPair; organizationId?: string } & Pick<BrowserContextOptions, 'locale' | 'viewport'>,
): Promise<BrowserContext> {
  const { clientIp, tokens, organizationId, ...contextOptions } = options;
  const context = await browser.newContext({ ...contextOptions, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  try {
    await signInBrowser(context, options.baseURL, tokens, organizationId);
  } catch (error) {
    await context.close();
    throw error;
  }
  return context;
}

/** Puts a signed-in session into the browser context, as the web client stores it after sign-in. */
export async function signInBrowser(context: BrowserContext, baseURL: string, tokens: TokenPair, organizationId?: string) {
  const url = baseURL.replace(/\/$/, '');
  const cookies = [
    { name: 'authToken', value: tokens.auth_token },
    { name: 'userId', value: tokens.user_id },
  ];
  if (organizationId) cookies.push({ name: 'cm_orga_scope', value: organizationId });
  await context.addCookies(cookies.map((c) => ({ ...c, url, sameSite: 'Lax' as const })));
  // The refresh token is the server's HttpOnly cookie, sent only to the auth routes.
  await context.addCookies([{ name: 'refreshToken', value: tokens.refresh_token, url: `${url}/cm-api/auth`, httpOnly: true, sameSite: 'Strict' }]);
}

export async function readCookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === name);
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}
