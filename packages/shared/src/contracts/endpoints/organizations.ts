/** Organizations, their members and invitations. */
import { zIdParam, zList } from '../common.ts';
import { zCancelInvitationBody, zCreateOrganizationBody, zInviteMatchingResult, zInviteMemberBody, zMatchingUsersCount, zOrganization, zPendingInvitation, zRemoveMemberBody, zUpdateMemberBody, zUpdateOrganizationBody } from '../organizations.ts';
import { P, endpoint } from './define.ts';

export const organizationEndpoints = {
  list: endpoint({ method: 'GET', path: `${P}/organizations`, summary: 'My organizations', tag: 'organizations', auth: true, response: zList(zOrganization) }),
  create: endpoint({ method: 'POST', path: `${P}/organizations`, summary: 'Create an organization (organization initiator or above; name checks rate limited per user)', tag: 'organizations', auth: true, body: zCreateOrganizationBody, response: zOrganization, status: 201 }),
  get: endpoint({ method: 'GET', path: `${P}/organizations/:id`, summary: 'An organization I belong to', tag: 'organizations', auth: true, params: zIdParam, response: zOrganization }),
  update: endpoint({ method: 'PATCH', path: `${P}/organizations/:id`, summary: 'Update an organization (admin)', tag: 'organizations', auth: true, params: zIdParam, body: zUpdateOrganizationBody, response: zOrganization }),
  remove: endpoint({ method: 'DELETE', path: `${P}/organizations/:id`, summary: 'Delete an organization (owner)', tag: 'organizations', auth: true, params: zIdParam, status: 204 }),
  leave: endpoint({ method: 'DELETE', path: `${P}/organizations/:id/self`, summary: 'Leave an organization', tag: 'organizations', auth: true, params: zIdParam, status: 204 }),
  invite: endpoint({ method: 'POST', path: `${P}/organizations/:id/users`, summary: 'Invite someone by email (default role 1): the invitation stays pending until they accept it; mails them (rate limited per inviter and per organization)', tag: 'organizations', auth: true, params: zIdParam, body: zInviteMemberBody, response: zOrganization, status: 201 }),
  updateMember: endpoint({ method: 'PATCH', path: `${P}/organizations/:id/users`, summary: "Change a member's role", tag: 'organizations', auth: true, params: zIdParam, body: zUpdateMemberBody, response: zOrganization }),
  removeMember: endpoint({ method: 'DELETE', path: `${P}/organizations/:id/users`, summary: 'Remove a member', tag: 'organizations', auth: true, params: zIdParam, body: zRemoveMemberBody, response: zOrganization }),
  cancelInvitation: endpoint({ method: 'DELETE', path: `${P}/organizations/:id/invitations`, summary: 'Cancel a pending invitation (one whose role the caller could give, or one they sent)', tag: 'organizations', auth: true, params: zIdParam, body: zCancelInvitationBody, response: zOrganization }),
  matchingUsersCount: endpoint({ method: 'GET', path: `${P}/administration/organizations/:id/inviteMatchingMail`, summary: 'How many verified accounts match the organization domains and are neither members nor invited yet', tag: 'organizations', auth: true, params: zIdParam, response: zMatchingUsersCount }),
  inviteMatching: endpoint({ method: 'POST', path: `${P}/administration/organizations/:id/inviteMatchingMail`, summary: 'Invite (pending, by mail) every verified account whose email matches the organization domains', tag: 'organizations', auth: true, params: zIdParam, response: zInviteMatchingResult }),
  myInvitations: endpoint({ method: 'GET', path: `${P}/users/self/invitations`, summary: "The signed-in user's pending invitations (verified address only; empty otherwise)", tag: 'organizations', auth: true, response: zList(zPendingInvitation) }),
  acceptInvitation: endpoint({ method: 'POST', path: `${P}/users/self/invitations/:id/accept`, summary: 'Accept the invitation to organization :id and join it (verified address only)', tag: 'organizations', auth: true, params: zIdParam, response: zOrganization }),
  declineInvitation: endpoint({ method: 'POST', path: `${P}/users/self/invitations/:id/decline`, summary: 'Decline the invitation to organization :id (verified address only)', tag: 'organizations', auth: true, params: zIdParam, status: 204 }),
};
