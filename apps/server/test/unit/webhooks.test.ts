/** Webhook signatures (a fixed vector computed by another HMAC implementation) and the retry schedule. */
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retries, retryDelayMs } from '../../src/webhooks/schedule.ts';
import { newWebhookSecret, signatureHeader, verifySignature } from '../../src/webhooks/signature.ts';

const BODY = '{"id":"evt","event":"ping"}';

describe('webhook signature', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 in hex', () => {
    expect(signatureHeader('whsec_test', 1_700_000_000, BODY)).toBe('t=1700000000,v1=cf6126ece77259ba90d518e8cf79de06d9da3869b77aa46fe2dbe85e1dd67695');
  });

  it('verifies within five minutes only, and refuses another body, secret or a malformed header', () => {
    const header = signatureHeader('whsec_test', 1_700_000_000, BODY);
    expect(verifySignature('whsec_test', header, BODY, 1_700_000_000 + 300)).toBe(true);
    expect(verifySignature('whsec_test', header, BODY, 1_700_000_000 - 300)).toBe(true);
    expect(verifySignature('whsec_test', header, BODY, 1_700_000_000 + 301)).toBe(false);
    expect(verifySignature('whsec_test', header, `${BODY} `, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_other', header, BODY, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_test', 'v1=abc', BODY, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_test', 't=1700000000,v1=zz', BODY, 1_700_000_000)).toBe(false);
  });

  it('makes distinct, prefixed secrets', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('webhook retry schedule', () => {
  it('waits 1, 10, 60, 240 then 960 units after each failure, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((failed) => retryDelayMs(failed, 60, 0.5))).toEqual([60_000, 600_000, 3_600_000, 14_400_000, 57_600_000]);
    expect(retryDelayMs(MAX_ATTEMPTS, 60, 0.5)).toBeNull();
    expect(retryDelayMs(0, 60, 0.5)).toBeNull();
  });

  it('adds at most 20 % of jitter either way', () => {
    expect(retryDelayMs(1, 60, 0)).toBe(48_000);
    expect(retryDelayMs(1, 60, 0.999999)).toBe(72_000);
  });

  it('spreads six attempts over about a day', () => {
    const total = [1, 2, 3, 4, 5].reduce((sum, failed) => sum + retryDelayMs(failed, 60, 0.5)!, 0);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(22);
  });

  it('retries errors and non-2xx answers while attempts are left, never a success or 410 Gone', () => {
    expect(retries(1, null)).toBe(true);
    expect(retries(1, 500)).toBe(true);
    expect(retries(1, 301)).toBe(true);
    expect(retries(1, 404)).toBe(true);
    expect(retries(1, 204)).toBe(false);
    expect(retries(1, 410)).toBe(false);
    expect(retries(MAX_ATTEMPTS - 1, 500)).toBe(true);
    expect(retries(MAX_ATTEMPTS, 500)).toBe(false);
  });
});
