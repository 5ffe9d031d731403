/**
 * A fetch for downloads without credentials (model files): every request and every redirect hop goes
 * through the outbound-address policy and is pinned to the checked address (`openFollowing`), so a
 * download host, or a redirect it answers with, reaches only addresses the policy allows.
 */
import { Readable } from 'node:stream';
import { openFollowing, type OutboundPolicy } from './outbound.ts';

export function downloadFetch(policy: OutboundPolicy): typeof globalThis.fetch {
  return async (input, init = {}) => {
    if (init.method && init.method.toUpperCase() !== 'GET') throw new TypeError('downloadFetch only reads (GET)');
    const url = input instanceof Request ? input.url : String(input);
    const { response } = await openFollowing(policy, url, init.signal ? { signal: init.signal } : {});
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const status = response.statusCode ?? 0;
    if (status === 204 || status === 304) {
      response.resume();
      return new Response(null, { status, headers });
    }
    return new Response(Readable.toWeb(response) as ReadableStream, { status, statusText: response.statusMessage ?? '', headers });
  };
}
