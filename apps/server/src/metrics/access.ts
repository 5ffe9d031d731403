/**
 * Who may read GET /metrics: with `METRICS_TOKEN`, whoever sends it as a bearer token (compared in
 * constant time); without one, only clients on this machine. The client's address is the one the
 * request came from and, behind a trusted reverse proxy, every one the proxy reports: a proxy on the
 * same machine does not make every visitor a loopback client.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Constant-time comparison of a presented token with the configured one (lengths included). */
export function tokenMatches(presented: string, expected: string): boolean {
  return crypto.timingSafeEqual(digest(presented), digest(expected));
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}

/** Throws unless the request may read the metrics. */
export function checkMetricsAccess(request: Pick<FastifyRequest, 'headers' | 'ip' | 'ips' | 'socket'>, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!presented || !tokenMatches(presented, token)) throw new AppError('unauthorized', 'The metrics token is missing or wrong');
    return;
  }
  // Every address the request passed through: a client's own X-Forwarded-For claiming loopback,
  // passed on by a proxy that appends to it, still names the client's real address.
  const chain = [request.socket.remoteAddress, request.ip, ...(request.ips ?? [])];
  if (!chain.every(isLoopback)) {
    throw new AppError('forbidden', 'Metrics are served to this machine only, or with the metrics token');
  }
}
