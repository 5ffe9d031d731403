/**
 * Under test only (PALABRE_CHECK_RESPONSES): every successful answer of a route registered from the
 * endpoint table is checked against the entry's status and response schema. An answer that breaks
 * its contract becomes a 500 and is kept in a list the test harness asserts empty, so the contracts
 * describe what the server really sends. Never enabled in production: it parses every answer again.
 */
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@palabre/shared';
import { AppError, errorBody } from './errors.ts';

export interface ResponseViolation {
  endpoint: string;
  url: string;
  status: number;
  problems: unknown;
}

const violations: ResponseViolation[] = [];

/** The violations seen since the last call, emptying the list. */
export function takeResponseViolations(): ResponseViolation[] {
  return violations.splice(0, violations.length);
}

function problemsOf(entry: Endpoint, status: number, payload: unknown): unknown {
  const expected = entry.status ?? 200;
  const accepted = status === 202 && status !== expected ? entry.accepted : undefined;
  if (status !== expected && !accepted) return `status ${status}, the table says ${expected}`;
  const schema = accepted ?? entry.response;
  if (!schema) return null;
  if (typeof payload !== 'string') return 'the answer is not JSON';
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return 'the answer is not JSON';
  }
  const result = schema.safeParse(json);
  return result.success ? null : result.error.issues;
}

export function registerResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = request.routeOptions.config.endpoint;
    // Errors follow the one error model; partial content, redirects and files are not JSON answers.
    if (!entry || reply.statusCode >= 300 || (!entry.response && reply.statusCode === 206)) return payload;
    const problems = problemsOf(entry, reply.statusCode, payload);
    if (!problems) return payload;
    const violation = { endpoint: `${entry.method} ${entry.path}`, url: request.url, status: reply.statusCode, problems };
    violations.push(violation);
    request.log.error(violation, 'answer breaks its contract');
    reply.status(500).type('application/json; charset=utf-8').removeHeader('content-length');
    return JSON.stringify(errorBody(new AppError('internal_error', 'The answer breaks its contract')));
  });
}
