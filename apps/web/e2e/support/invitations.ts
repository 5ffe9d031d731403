/**
 * Joining an organization as people do: the owner invites the address, its owner proves it
 * (following a sign-in link from the mail verifies an address), then accepts the invitation.
 */
import type { Api, SignedInAccount } from './api.ts';
import { linkIn, waitForMail } from './outbox.ts';

/** Verifies an account's address the way a person does: by following a mailed sign-in link. */
export async function verifyAddress(api: Api, dataDir: string, email: string): Promise<void> {
  await api.send('POST', '/cm-api/auth/magic-link', { email });
  const mail = await waitForMail(dataDir, email, /sign-in link|lien de connexion/i);
  const magicId = new URL(linkIn(mail, '/magiclink-auth/')).pathname.split('/').at(-1)!;
  await api.send('POST', '/cm-api/auth/login/magic-link', { magicId });
}

/** Invites `member` with `role`, verifies their address and accepts for them. */
export async function joinOrganization(api: Api, dataDir: string, ownerToken: string, organizationId: string, member: SignedInAccount, role = 1) {
  await api.send('POST', `/cm-api/api/organizations/${organizationId}/users`, { email: member.email, role }, ownerToken);
  await verifyAddress(api, dataDir, member.email);
  await api.send('POST', `/cm-api/api/users/self/invitations/${organizationId}/accept`, {}, member.tokens.auth_token);
}
