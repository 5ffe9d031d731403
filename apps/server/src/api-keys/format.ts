/**
 * The shape of an API key: `plb_`, a visible prefix (12 hex characters, unique, how a key is found
 * and recognised in lists) and a 256-bit secret, base64url. Only the SHA-256 of the whole value is
 * stored; the value itself is shown once.
 */
import crypto from 'node:crypto';
import { API_KEY_TAG } from '@palabre/shared';
import { hashSecret, randomSecret, safeEqual } from '../auth/secrets.ts';

const KEY_PATTERN = /^plb_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  /** The whole key, for its holder only. */
  value: string;
  prefix: string;
  hash: string;
}

export function newApiKey(): NewApiKey {
  const prefix = crypto.randomBytes(6).toString('hex');
  const value = `${API_KEY_TAG}${prefix}_${randomSecret(32)}`;
  return { value, prefix, hash: hashSecret(value) };
}

/** Whether a bearer value is meant as an API key (rather than an access token). */
export const isApiKeyValue = (value: string) => value.startsWith(API_KEY_TAG);

/** The prefix of a well-formed key, or null. */
export function apiKeyPrefix(value: string): string | null {
  return KEY_PATTERN.exec(value)?.[1] ?? null;
}

/** Whether `value` is the key stored as `hash` (constant time). */
export const matchesApiKey = (value: string, hash: string) => safeEqual(hashSecret(value), hash);

/** What lists show of a key: its tag and prefix, enough to recognise it, nothing to use it. */
export const visiblePrefix = (prefix: string) => `${API_KEY_TAG}${prefix}`;
