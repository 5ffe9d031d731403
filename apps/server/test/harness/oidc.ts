/**
 * A real OpenID Connect provider (oidc-provider, with its development login and consent pages) on a
 * loopback port, and a browser stand-in that walks through it with fetch, cookies and redirects.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface IdentityClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  locale?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Login name (typed in the provider's login form) → claims. The subject is the login name. */
  accounts: Map<string, IdentityClaims>;
  /** Registers the relying party's redirect URI; the provider answers 503 until then. */
  registerClient(redirectUri: string): Promise<void>;
  close(): Promise<void>;
}

export async function startIdentityProvider(): Promise<TestIdentityProvider> {
  let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  const server = http.createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end('provider not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'palabre-test';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const accounts = new Map<string, IdentityClaims>();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async registerClient(redirectUri) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: 'test', alg: 'RS256', use: 'sig' };
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            // openid-client sends the secret in the body unless told otherwise.
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name', 'locale'],
        },
        findAccount(_ctx, id) {
          const claims = accounts.get(id);
          if (!claims) return undefined;
          return { accountId: id, claims: () => ({ sub: id, ...claims }) };
        },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
        jwks: { keys: [jwk] },
        ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      });
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cookies per origin and manual redirects: enough of a browser for the sign-on dance. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async fetch(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const jar = this.jar(url.origin);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: body ?? null, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jar(origin).get(name);
  }
  forget(origin: string, name: string): void {
    this.jar(origin).delete(name);
  }

  private jar(origin: string) {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }
}

/**
 * Follows redirects from `start` and fills the provider's pages: the login form with `login`,
 * then the consent form (or, with `cancel`, cancels on the first page). Stops at the first redirect
 * to the path `stopAt` and returns that URL. `pages` receives the prompt of each page filled in.
 */
export async function walkSignOn(browser: Browser, start: URL, options: { login: string; stopAt: string; cancel?: boolean; pages?: string[] }): Promise<URL> {
  let url = start;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 25; hop++) {
    const response = await browser.fetch(url, form ? { method: 'POST', form } : {});
    form = undefined;
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.pathname === options.stopAt) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`sign-on stopped at ${url.href} with ${response.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url.href}: ${html.slice(0, 500)}`);
    if (options.cancel) {
      options.pages?.push(`${prompt} (cancelled)`);
      url = new URL(`${url.pathname.replace(/\/$/, '')}/abort`, url);
      continue;
    }
    options.pages?.push(prompt);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = prompt === 'login' ? { prompt, login: options.login, password: 'any password' } : { prompt };
  }
  throw new Error('too many redirects');
}
