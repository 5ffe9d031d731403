/** Liveness, readiness, metrics, public configuration and the API document. */
import { z } from 'zod';
import { endpoint } from './define.ts';
import { FIRST_SCREEN_PATHS, HEALTH_PATH } from '../../constants.ts';

const zOk = z.object({ status: z.literal('ok') });
/** What the web client needs before anyone signs in. */
export const zPublicConfig = z.object({
  appName: z.string(),
  theme: z.enum(['green', 'blue', 'violet']),
  userCreationDisabled: z.boolean(),
  /** Nobody may invite anyone into an organization: the web client hides the invite form. */
  invitationsDisabled: z.boolean(),
  /** No account exists yet: the first visit creates the super administrator with the setup token. */
  setupRequired: z.boolean(),
  features: z.object({
    userCreationDisabled: z.boolean(),
    sessionsEnabled: z.boolean(),
    betaLiveTranscription: z.boolean(),
    experimentalHighlight: z.boolean(),
    watermark: z.object({ enabled: z.boolean(), frequencySeconds: z.number(), durationSeconds: z.number() }),
  }),
  sso: z.object({ name: z.string(), path: z.string() }).nullable(),
});

/** An OpenAPI 3.1 document (its paths are generated from this table). */
const zOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** One readiness check: ok or failing (the reason is logged, never answered). */
const zReadinessCheck = z.enum(['ok', 'failing']);
/** Readiness: the same body with 200 (ready) or 503 (unavailable). `jobs` only in a process that runs the workers. */
const zReadiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    accepting: zReadinessCheck,
    database: zReadinessCheck,
    migrations: zReadinessCheck,
    storage: zReadinessCheck,
    jobs: zReadinessCheck.optional(),
  }),
});

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: HEALTH_PATH, summary: 'Liveness: ok once the app can serve requests', tag: 'system', auth: false, response: zOk }),
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness for load balancers: 200 when this process can take work (database, migrations, storage, job queue, not shutting down), else 503 with the same body',
    tag: 'system',
    auth: false,
    response: zReadiness,
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    summary:
      'Metrics in the Prometheus text format (text/plain; version=0.0.4). With METRICS_TOKEN set, send it as `Authorization: Bearer <token>` (401 otherwise); without it, only clients on the server itself may read them (403 otherwise)',
    tag: 'system',
    auth: false,
  }),
  config: endpoint({
    method: 'GET',
    path: FIRST_SCREEN_PATHS.config,
    summary: 'Public configuration: application name, theme, feature flags, single sign-on',
    tag: 'system',
    auth: false,
    response: zPublicConfig,
  }),
  docs: endpoint({ method: 'GET', path: '/cm-api/docs', summary: 'This OpenAPI document', tag: 'system', auth: false, response: zOpenApiDocument }),
};
