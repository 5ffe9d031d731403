/**
 * Headers every response carries, so that the browser confines the web client to its own origin:
 * a Content-Security-Policy without inline or foreign scripts, no framing, no MIME sniffing, a
 * short referrer, and HSTS when the request came over HTTPS (X-Forwarded-Proto is believed only
 * with TRUST_PROXY, as Fastify's request.protocol does).
 */
import type { FastifyInstance } from 'fastify';

/** The policy the built client runs under: its scripts, Mantine's injected styles, its socket and media. */
export function contentSecurityPolicy(publicUrl: string): string {
  const socket = new URL(publicUrl);
  socket.protocol = socket.protocol === 'https:' ? 'wss:' : 'ws:';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes its CSS variables and some component styles into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket.origin}`,
    "worker-src 'self' blob:",
    // The publish page shows the PDF preview it fetched in a frame of a blob: URL; nothing else is framed.
    'frame-src blob:',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance, config: { publicUrl: string }): void {
  let policy = { for: '', value: '' };
  app.addHook('onRequest', async (request, reply) => {
    if (policy.for !== config.publicUrl) policy = { for: config.publicUrl, value: contentSecurityPolicy(config.publicUrl) };
    reply.header('content-security-policy', policy.value);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
