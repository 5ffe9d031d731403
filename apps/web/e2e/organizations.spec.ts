/** Organization scope in the header, and inviting a member from the organization settings. */
import { newAccount, readCookie, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { verifyAddress } from './support/invitations.ts';
import { waitForMail } from './support/outbox.ts';
import { expectOnPath, organizationSwitcher, submitLogin, switchOrganization } from './support/ui.ts';

test('switch organization in the header; the choice survives a reload', async ({ page, api, context, baseURL }) => {
  const user = await api.signUp(newAccount('switch'));
  const first = await api.createOrganization(user.tokens.auth_token, uniqueName('Alpha org'));
  const second = await api.createOrganization(user.tokens.auth_token, uniqueName('Beta org'));
  const byId = new Map([first, second].map((o) => [o._id, o]));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/interface/explore');
  // Without a stored scope, one of the user's organizations is chosen and stored.
  await expect.poll(() => readCookie(context, 'cm_orga_scope')).toBeDefined();
  const initialId = (await readCookie(context, 'cm_orga_scope'))!;
  const initial = byId.get(initialId);
  expect(initial, 'the stored scope is one of the user organizations').toBeDefined();
  await expect(organizationSwitcher(page)).toHaveValue(initial!.name);
  const other = initial === first ? second : first;

  // On a list view, switching stays there.
  await switchOrganization(page, other.name);
  await expect.poll(() => readCookie(context, 'cm_orga_scope')).toBe(other._id);
  await expectOnPath(page, '/interface/explore');

  await page.reload();
  await expect(organizationSwitcher(page)).toHaveValue(other.name);
  expect(await readCookie(context, 'cm_orga_scope')).toBe(other._id);

  // Elsewhere, switching goes to the media library of the chosen organization.
  await page.goto('/interface/user/settings');
  await expect(organizationSwitcher(page)).toHaveValue(other.name);
  await switchOrganization(page, initial!.name);
  await expect.poll(() => readCookie(context, 'cm_orga_scope')).toBe(initial!._id);
  await expectOnPath(page, '/interface/explore');
});

test('invite an existing user: the invitation waits until they accept it when they sign in', async ({ page, api, context, baseURL, browser, clientIp, dataDir }) => {
  const owner = await api.signUp(newAccount('owner', { firstname: 'Olga', lastname: 'Owner' }));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Invite org'));
  // The invited person has an account but no organization yet.
  const invitee = await api.signUp(newAccount('invitee', { firstname: 'Ivo', lastname: 'Invitee' }));

  await signInBrowser(context, baseURL!, owner.tokens);
  await page.goto(`/interface/organizations/${organization._id}`);
  await expect(page.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible();

  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Olga Owner/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email', { exact: true }).fill(invitee.email);
  await expect(form.getByLabel('Role', { exact: true })).toHaveValue('Member');
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`An invitation has been sent to ${invitee.email}`)).toBeVisible();

  // Not a member yet: the invitation is pending.
  const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: invitee.email });
  await expect(pending).toContainText('Pending');
  await expect(members.getByRole('row', { name: /Ivo Invitee/ })).toHaveCount(0);
  await waitForMail(dataDir, invitee.email, new RegExp(`invited to ${organization.name}`));

  // The invitee proves their address, signs in, and accepts from the no-organization screen.
  await verifyAddress(api, dataDir, invitee.email);
  const theirs = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  try {
    const theirPage = await theirs.newPage();
    await theirPage.goto('/login');
    await submitLogin(theirPage, invitee.email, invitee.password);
    const invitations = theirPage.getByRole('region', { name: 'Invitations' });
    await expect(invitations).toContainText(organization.name);
    await expect(invitations).toContainText('Olga Owner invited you as Member');
    await theirPage.screenshot({ path: test.info().outputPath('orgs-no-organization-invitation.png'), fullPage: true });
    await invitations.getByRole('button', { name: `Accept the invitation to ${organization.name}` }).click();
    await expect(organizationSwitcher(theirPage)).toHaveValue(organization.name);
  } finally {
    await theirs.close();
  }

  await page.reload();
  await expect(members.getByRole('row', { name: /Ivo Invitee/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toHaveCount(0);
});
