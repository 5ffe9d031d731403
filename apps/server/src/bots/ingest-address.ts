/** Where a bot sends its audio: the ingest WebSocket on this server's own loopback address. */
import type { AddressInfo } from 'node:net';
import { LIVE_INGEST_PATH } from '@palabre/shared';

/** The loopback address of a wildcard bind (0.0.0.0, ::), else the bound address itself. */
export function loopbackIngestUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `ws://${host.includes(':') ? `[${host}]` : host}:${address.port}${LIVE_INGEST_PATH}`;
}
