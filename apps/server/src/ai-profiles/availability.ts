/**
 * Whether an AI profile's server answers and offers its model: `GET {endpoint}/models` (`listChatModels`) through the
 * outbound-address policy, remembered briefly so that listing profiles does not call every server
 * each time. A saved profile is checked afresh (the cache key holds its last change).
 */
import { ChatModelError, listChatModels } from '@palabre/engines';
import type { AiProfile } from '@palabre/shared';
import type { Config } from '../config.ts';
import type { AiProfileRow } from './repo.ts';
import { aiProfileFetch } from './resolve.ts';

export type Availability = AiProfile['availability'];

/** How long an answer is reused. */
export const AVAILABILITY_TTL_MS = 30_000;
/** A check waits this long for the server. */
const CHECK_TIMEOUT_MS = 5_000;

const checks = new Map<string, { until: number; result: Promise<Availability> }>();

function reasonOf(error: unknown): string {
  if (error instanceof ChatModelError && (error.status === 401 || error.status === 403)) return 'the server refused the API key';
  if (error instanceof ChatModelError && error.code === 'model_error') return 'the server did not answer the list of models as expected';
  return 'the server does not answer';
}

async function check(config: Config, row: AiProfileRow): Promise<Availability> {
  const { endpoint, model, apiKey } = row.config;
  try {
    const models = await listChatModels({ endpoint, ...(apiKey ? { apiKey } : {}) }, { fetch: aiProfileFetch(config, row), timeoutMs: CHECK_TIMEOUT_MS, retries: 0 });
    return models.includes(model) ? { ok: true } : { ok: false, reason: `the server does not offer the model "${model}"` };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

export function availability(config: Config, row: AiProfileRow, now = Date.now()): Promise<Availability> {
  for (const [key, entry] of checks) if (entry.until <= now) checks.delete(key);
  const key = `${row.id}@${row.updatedAt.getTime()}`;
  const cached = checks.get(key);
  if (cached) return cached.result;
  const result = check(config, row);
  checks.set(key, { until: now + AVAILABILITY_TTL_MS, result });
  return result;
}
