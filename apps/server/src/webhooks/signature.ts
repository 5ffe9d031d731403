/**
 * Webhook signatures (docs/webhooks.md): `Palabre-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` with the webhook's secret. Receivers recompute it and refuse a timestamp more
 * than SIGNATURE_TOLERANCE_SECONDS away from their clock.
 */
import crypto from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** A new signing secret: 32 random bytes, prefixed so that it is recognisable in a configuration. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The `Palabre-Signature` header of a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does (kept here for tests and as the reference of the documentation): parses the
 * header, checks the timestamp's tolerance and compares the signature in constant time.
 */
export function verifySignature(secret: string, header: string, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
