/** The backoffice: users and organizations, for platform administrators. */
import { zFreeText, zIdParam, zList, zPagination } from '../common.ts';
import { zAdminCreateOrganizationBody, zOrganization, zUpdateOrganizationBody } from '../organizations.ts';
import { zSpeechModels } from '../speech-models.ts';
import { zAdminCreateUserBody, zAdminUpdateUserBody, zAdminUser, zUser } from '../users.ts';
import { P, endpoint } from './define.ts';

const zBackofficeQuery = zPagination.extend({ search: zFreeText.optional() });

export const backofficeEndpoints = {
  users: endpoint({
    method: 'GET',
    path: `${P}/administration/users`,
    summary: 'Backoffice: users',
    tag: 'backoffice',
    auth: true,
    query: zBackofficeQuery,
    response: zList(zUser),
  }),
  createUser: endpoint({
    method: 'POST',
    path: `${P}/administration/users`,
    summary: 'Backoffice: create a user',
    tag: 'backoffice',
    auth: true,
    body: zAdminCreateUserBody,
    response: zUser,
    status: 201,
  }),
  user: endpoint({
    method: 'GET',
    path: `${P}/administration/users/:id`,
    summary: 'Backoffice: a user with their organizations',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    response: zAdminUser,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: `${P}/administration/users/:id`,
    summary: 'Backoffice: change platform role or status',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    body: zAdminUpdateUserBody,
    response: zUser,
  }),
  removeUser: endpoint({
    method: 'DELETE',
    path: `${P}/administration/users/:id`,
    summary: 'Backoffice: delete a user',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    status: 204,
  }),
  organizations: endpoint({
    method: 'GET',
    path: `${P}/administration/organizations`,
    summary: 'Backoffice: organizations',
    tag: 'backoffice',
    auth: true,
    query: zBackofficeQuery,
    response: zList(zOrganization),
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: `${P}/administration/organizations`,
    summary: 'Backoffice: create an organization',
    tag: 'backoffice',
    auth: true,
    body: zAdminCreateOrganizationBody,
    response: zOrganization,
    status: 201,
  }),
  organization: endpoint({
    method: 'GET',
    path: `${P}/administration/organizations/:id`,
    summary: 'Backoffice: an organization',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    response: zOrganization,
  }),
  updateOrganization: endpoint({
    method: 'PATCH',
    path: `${P}/administration/organizations/:id`,
    summary: 'Backoffice: update an organization',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    body: zUpdateOrganizationBody,
    response: zOrganization,
  }),
  removeOrganization: endpoint({
    method: 'DELETE',
    path: `${P}/administration/organizations/:id`,
    summary: 'Backoffice: delete an organization',
    tag: 'backoffice',
    auth: true,
    params: zIdParam,
    status: 204,
  }),
  backup: endpoint({
    method: 'GET',
    path: `${P}/administration/backup`,
    summary:
      'Backoffice: a backup archive of the whole installation (database rows and stored media), streamed as .tar.gz while the server runs (super administrators). `palabre restore` reads it',
    tag: 'backoffice',
    auth: true,
  }),
  speechModels: endpoint({
    method: 'GET',
    path: `${P}/administration/speech_models`,
    summary: "Backoffice: the installed whisper models and the default model's download",
    tag: 'backoffice',
    auth: true,
    response: zSpeechModels,
  }),
  retrySpeechModel: endpoint({
    method: 'POST',
    path: `${P}/administration/speech_models/retry`,
    summary: 'Backoffice: download the default model again after a failure',
    tag: 'backoffice',
    auth: true,
    response: zSpeechModels,
  }),
};
