/** Liveness, public configuration and the API document. */
import { z } from 'zod';
import { P, endpoint } from './define.ts';

const zOk = z.object({ status: z.literal('ok') });

export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/healthcheck', summary: 'Liveness: ok once the app can serve requests', tag: 'system', auth: false, response: zOk }),
  config: endpoint({ method: 'GET', path: `${P}/config`, summary: 'Public configuration: application name, theme, feature flags, single sign-on', tag: 'system', auth: false }),
  docs: endpoint({ method: 'GET', path: '/cm-api/docs', summary: 'This OpenAPI document', tag: 'system', auth: false }),
};
