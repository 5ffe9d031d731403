/** Transcriber profiles, global and per organization. */
import { z } from 'zod';
import { zIdParam, zList } from '../common.ts';
import { zTranscriberProfile, zTranscriberProfileBody } from '../conversations.ts';
import { P, endpoint } from './define.ts';

export const transcriberProfileEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${P}/transcriber_profiles`,
    summary: 'Global transcriber profiles (userScope=backoffice: every profile, for platform administrators)',
    tag: 'transcriber profiles',
    auth: true,
    query: z.object({ userScope: z.string().optional() }),
    response: zList(zTranscriberProfile),
  }),
  ofOrganization: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/transcriber_profiles`,
    summary: "Transcriber profiles usable in an organization: global ones and the organization's own",
    tag: 'transcriber profiles',
    auth: true,
    params: zIdParam,
    response: zList(zTranscriberProfile),
  }),
  create: endpoint({
    method: 'POST',
    path: `${P}/transcriber_profiles`,
    summary: "Create a transcriber profile (global: platform administrators; an organization's: its admins)",
    tag: 'transcriber profiles',
    auth: true,
    body: zTranscriberProfileBody,
    response: zTranscriberProfile,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: `${P}/transcriber_profiles/:id`,
    summary: 'A transcriber profile (the API key is never returned: hasApiKey)',
    tag: 'transcriber profiles',
    auth: true,
    params: zIdParam,
    response: zTranscriberProfile,
  }),
  replace: endpoint({
    method: 'PUT',
    path: `${P}/transcriber_profiles/:id`,
    summary: 'Replace a transcriber profile (an absent apiKey keeps the stored one; "" removes it)',
    tag: 'transcriber profiles',
    auth: true,
    params: zIdParam,
    body: zTranscriberProfileBody,
    response: zTranscriberProfile,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/transcriber_profiles/:id`,
    summary: 'Delete a transcriber profile',
    tag: 'transcriber profiles',
    auth: true,
    params: zIdParam,
    status: 204,
  }),
};
