/**
 * The outbound-address policy: every server-side request to an address a user supplied (URL
 * imports, transcriber profile endpoints, and later LLM, translation and webhook endpoints) goes
 * through here.
 *
 * - Only http and https, no credentials in the URL.
 * - The host is resolved here and every address it resolves to must be public, or inside a range
 *   the administrator allows (OUTBOUND_ALLOWED_RANGES), or the policy was built for an endpoint a
 *   system administrator approved (`anyAddress`).
 * - The connection goes to the checked address (the socket's lookup is pinned to it), so a second
 *   DNS answer cannot swap in another address between the check and the connection.
 * - Redirects are never followed implicitly: `outboundFetch` returns them as they are (requests that
 *   carry credentials never follow one), `openFollowing` follows a few, checking every hop again.
 * - Refusals say only that the address is not allowed: never a DNS answer or an address.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable, Transform } from 'node:stream';
import type { Config } from '../config.ts';
import { addressRefusal, blockListOf } from './addresses.ts';

/** The only thing a user learns about a refused address. */
export const ADDRESS_NOT_ALLOWED = 'this address is not allowed';

/** The request was refused by the policy; the message is safe to show to users. */
export class OutboundRefused extends Error {}

/** The host name has no address (now): nothing can be judged, and nothing is reached. */
export class OutboundUnresolved extends OutboundRefused {
  constructor() {
    super('the host name could not be resolved');
  }
}

/** The connection failed; the message (an error code at most) is safe to show to users. */
export class OutboundFailed extends Error {}

export interface OutboundPolicy {
  allowed: net.BlockList;
  /** Any address may be reached (an endpoint a system administrator approved). */
  anyAddress: boolean;
}

export function outboundPolicy(config: Pick<Config, 'outboundAllowedRanges'>, options: { anyAddress?: boolean } = {}): OutboundPolicy {
  return { allowed: blockListOf(config.outboundAllowedRanges), anyAddress: options.anyAddress ?? false };
}

export interface PinnedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Resolves a host name (or takes an IP literal) and checks every address; returns the one to connect to. */
export async function resolveHost(policy: OutboundPolicy, hostname: string): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new OutboundUnresolved();
    }
  }
  if (addresses.length === 0) throw new OutboundUnresolved();
  if (!policy.anyAddress && addresses.some(({ address }) => addressRefusal(address, policy.allowed) !== null)) throw new OutboundRefused(ADDRESS_NOT_ALLOWED);
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Checks one URL: scheme, no credentials, host resolution, every resolved address. */
export async function resolveChecked(policy: OutboundPolicy, raw: string | URL): Promise<PinnedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('the address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('only http and https addresses are allowed');
  if (url.username || url.password) throw new OutboundRefused('addresses with credentials are not allowed');
  return { url, ...(await resolveHost(policy, url.hostname)) };
}

export interface PinnedRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: Readable | null;
  signal?: AbortSignal;
}

/**
 * A socket or TLS error without its text: node's messages name the address it connected to
 * ("connect ECONNREFUSED 10.0.0.5:80"), which is the DNS answer. Aborts stay as they are.
 */
export function connectionError(error: unknown): Error {
  if (error instanceof Error && error.name === 'AbortError') return error;
  const code = (error as { code?: unknown } | null)?.code;
  return new OutboundFailed(typeof code === 'string' && /^[A-Z0-9_]{2,60}$/.test(code) ? `the connection failed (${code})` : 'the connection failed');
}

/** One request to the checked address, with the original host name for Host and TLS. */
export function pinnedRequest(target: PinnedTarget, init: PinnedRequestInit = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const request = (target.url.protocol === 'https:' ? https : http).request(
      target.url,
      {
        method: init.method ?? 'GET',
        lookup: lookup as unknown as net.LookupFunction,
        agent: false,
        headers: init.headers ?? {},
        ...(init.signal ? { signal: init.signal } : {}),
      },
      resolve,
    );
    request.on('error', (error) => reject(connectionError(error)));
    if (init.body) {
      init.body.on('error', (error) => request.destroy(error));
      init.body.pipe(request);
    } else request.end();
  });
}

export const MAX_REDIRECTS = 5;

/**
 * GET that follows up to MAX_REDIRECTS redirects, each hop checked again (for requests without
 * credentials only, such as a media download). Returns the first non-redirect answer.
 */
export async function openFollowing(
  policy: OutboundPolicy,
  raw: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal },
): Promise<{ response: http.IncomingMessage; url: URL }> {
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = await resolveChecked(policy, current);
    const response = await pinnedRequest(target, init);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target.url).href;
      continue;
    }
    return { response, url: target.url };
  }
  throw new OutboundRefused(`more than ${MAX_REDIRECTS} redirects`);
}

/** Passes bytes through until `max`, then fails with `error()`. */
export function byteLimit(max: number, error: () => Error, onChunk?: (bytes: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      onChunk?.(chunk.length);
      if (seen > max) callback(error());
      else callback(null, chunk);
    },
  });
}

/** A multipart body with a known length (servers that refuse chunked uploads still accept it). */
function multipart(form: FormData): { body: Readable; type: string; length: number } {
  const boundary = `----palabre${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const quote = (text: string) => text.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  const parts: Array<Buffer | Blob> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
    } else {
      const type = value.type || 'application/octet-stream';
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(name)}"; filename="${quote(value.name)}"\r\ncontent-type: ${type}\r\n\r\n`));
      parts.push(value, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce((sum, part) => sum + (Buffer.isBuffer(part) ? part.length : part.size), 0);
  async function* chunks() {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) yield part;
      else for await (const chunk of part.stream()) yield chunk;
    }
  }
  return { body: Readable.from(chunks()), type: `multipart/form-data; boundary=${boundary}`, length };
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch for engines and other adapters: every request goes through the policy, is pinned to the
 * checked address, never follows a redirect (a 3xx answer is returned as it is, so credentials
 * never reach another host), and its answer is cut at `maxResponseBytes`. Bodies: none, a string
 * or FormData.
 */
export function outboundFetch(policy: OutboundPolicy, options: { maxResponseBytes: number }): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const target = await resolveChecked(policy, input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let body: Readable | null = null;
    if (init.body instanceof FormData) {
      const encoded = multipart(init.body);
      body = encoded.body;
      headers['content-type'] = encoded.type;
      headers['content-length'] = String(encoded.length);
    } else if (typeof init.body === 'string') {
      body = Readable.from([Buffer.from(init.body)]);
      headers['content-length'] = String(Buffer.byteLength(init.body));
    } else if (init.body != null) throw new TypeError('outboundFetch sends only strings and FormData');
    const response = await pinnedRequest(target, { method: init.method ?? 'GET', headers, body, ...(init.signal ? { signal: init.signal } : {}) });
    const status = response.statusCode ?? 0;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    if (NULL_BODY_STATUS.has(status)) {
      response.resume();
      return new Response(null, { status, headers: responseHeaders });
    }
    const limited = response.pipe(byteLimit(options.maxResponseBytes, () => new OutboundRefused('the answer is larger than allowed')));
    response.on('error', (error) => limited.destroy(connectionError(error)));
    return new Response(Readable.toWeb(limited) as ReadableStream, { status, statusText: response.statusMessage ?? '', headers: responseHeaders });
  };
}
