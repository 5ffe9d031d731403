/** Liveness, public configuration and the API document. */
import { z } from 'zod';
import { P, endpoint } from './define.ts';

const zOk = z.object({ status: z.literal('ok') });
/** What the web client needs before anyone signs in. */
export const zPublicConfig = z.object({
  appName: z.string(),
  theme: z.enum(['green', 'blue', 'violet']),
  userCreationDisabled: z.boolean(),
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

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/healthcheck', summary: 'Liveness: ok once the app can serve requests', tag: 'system', auth: false, response: zOk }),
  config: endpoint({
    method: 'GET',
    path: `${P}/config`,
    summary: 'Public configuration: application name, theme, feature flags, single sign-on',
    tag: 'system',
    auth: false,
    response: zPublicConfig,
  }),
  docs: endpoint({ method: 'GET', path: '/cm-api/docs', summary: 'This OpenAPI document', tag: 'system', auth: false, response: zOpenApiDocument }),
};
