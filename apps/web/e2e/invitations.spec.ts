/**
 * Invitations in French: the invitee, already in an organization, answers them from the header
 * (one declined, one accepted); and "invite matching users" asks for confirmation with the number
 * of accounts, in English and in French, and invites only verified accounts. A new person signs up
 * from the invitation mail's link: no organization step, no confirmation mail, the invitation at once.
 */
import type { Browser, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueEmail, uniqueName, type Api, type SignedInAccount } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { verifyAddress } from './support/invitations.ts';
import { linkIn, readOutbox, waitForMail } from './support/outbox.ts';

async function openAs(browser: Browser, baseURL: string, clientIp: string, account: SignedInAccount, organizationId: string, locale: string) {
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  return { context, page: await context.newPage() };
}

/** The header's organization switcher, as labelled in French. */
const switcher = (page: Page) => page.getByRole('banner').getByLabel('Organisation', { exact: true });

const invite = (api: Api, owner: SignedInAccount, organizationId: string, email: string, role = 1) =>
  api.send('POST', `/cm-api/api/organizations/${organizationId}/users`, { email, role }, owner.tokens.auth_token);

test('en français : accepter et refuser des invitations depuis l’en-tête', async ({ api, browser, baseURL, clientIp, dataDir }) => {
  const owner = await api.signUp(newAccount('owner', { firstname: 'Odile', lastname: 'Durand' }));
  const joined = await api.createOrganization(owner.tokens.auth_token, uniqueName('Rejointe'));
  const refused = await api.createOrganization(owner.tokens.auth_token, uniqueName('Refusée'));
  const invitee = await api.signUp(newAccount('invitee', { firstname: 'Inès', lastname: 'Martin' }));
  const own = await api.createOrganization(invitee.tokens.auth_token, uniqueName('Maison'));
  await invite(api, owner, joined._id, invitee.email, 2);
  await invite(api, owner, refused._id, invitee.email);
  await verifyAddress(api, dataDir, invitee.email);

  const { context, page } = await openAs(browser, baseURL!, clientIp, invitee, own._id, 'fr-FR');
  try {
    await page.goto('/interface/explore');
    await expect(switcher(page)).toHaveValue(own.name);
    await page.getByRole('button', { name: '2 invitations en attente' }).click();
    // Its name follows the count: 2, then 1 once one is declined.
    const dialog = page.getByRole('dialog', { name: /^\d invitations? en attente$/ });
    await expect(dialog.getByRole('region', { name: 'Invitations' })).toContainText('Odile Durand vous a invité·e en tant que Mainteneur');
    await page.screenshot({ path: test.info().outputPath('orgs-header-invitations-fr.png') });

    await dialog.getByRole('button', { name: `Refuser l'invitation à ${refused.name}` }).click();
    await expect(page.getByText(`Vous avez refusé l'invitation à ${refused.name}`)).toBeVisible();
    await expect(dialog.getByText(refused.name)).toHaveCount(0);

    await dialog.getByRole('button', { name: `Accepter l'invitation à ${joined.name}` }).click();
    await expect(page.getByText(`Vous avez rejoint ${joined.name}`)).toBeVisible();
    await expect(switcher(page)).toHaveValue(joined.name);
    await expect(page.getByRole('button', { name: /invitations? en attente/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
  const mine = (await api.get<{ list: Array<{ _id: string; myRole: number }> }>('/cm-api/api/organizations', invitee.tokens.auth_token)).list;
  expect(mine.find((o) => o._id === joined._id)?.myRole).toBe(2);
  expect(mine.find((o) => o._id === refused._id)).toBeUndefined();
});

test('signing up from the invitation link: the invitation is answered at once, the address needs no confirmation', async ({ api, browser, baseURL, clientIp, dataDir }) => {
  const owner = await api.signUp(newAccount('owner', { firstname: 'Olivia', lastname: 'Owner' }));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Inviting'));
  const email = uniqueEmail('newcomer');
  await invite(api, owner, organization._id, email, 2);
  const mail = await waitForMail(dataDir, email, /invited/i);
  const link = new URL(linkIn(mail, '/create-account'));
  expect(link.searchParams.get('invitation')).toBeTruthy();

  const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  try {
    const page = await context.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Password', { exact: true }).fill('newcomer-1234');
    await page.getByLabel('Password confirmation').fill('newcomer-1234');
    await page.getByRole('button', { name: 'Create my account' }).click();

    // No organization to name: the invitation, to accept or decline.
    await expect(page.getByText('You were invited to join an organization')).toBeVisible();
    await expect(page.getByLabel('Organization name')).toHaveCount(0);
    await page.getByRole('button', { name: `Accept the invitation to ${organization.name}` }).click();
    await expect(page).toHaveURL(/\/interface\//);
    await expect(page.getByRole('heading', { name: 'You do not belong to any organization yet' })).toHaveCount(0);
  } finally {
    await context.close();
  }
  // The invitation mail proved the address: no mail asks to confirm it.
  expect(readOutbox(dataDir).filter((m) => m.to === email && /verify-email/.test(JSON.stringify(m)))).toHaveLength(0);
});

const confirmations = [
  {
    locale: 'en-US',
    button: 'Invite matching users now',
    dialog: 'Invite matching users',
    text: '2 accounts will be invited to join this organization as members.',
    submit: 'Invite 2 accounts',
    done: '2 invitations sent',
    table: 'Pending invitations',
  },
  {
    locale: 'fr-FR',
    button: 'Inviter maintenant les utilisateurs correspondants',
    dialog: 'Inviter les utilisateurs correspondants',
    text: '2 comptes vont être invités à rejoindre cette organisation en tant que membres.',
    submit: 'Inviter 2 comptes',
    done: '2 invitations envoyées',
    table: 'Invitations en attente',
  },
];

for (const c of confirmations) {
  test(`"invite matching users" confirms how many verified accounts it invites (${c.locale})`, async ({ api, browser, baseURL, clientIp, dataDir }) => {
    const domain = `m${Math.random().toString(36).slice(2, 8)}.e2e.palabre.test`;
    const atDomain = (prefix: string) => uniqueEmail(prefix).replace(/@.*$/, `@${domain}`);
    const owner = await api.signUp(newAccount('owner'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Domain org'));
    const verified = [await api.signUp(newAccount('first', { email: atDomain('first') })), await api.signUp(newAccount('second', { email: atDomain('second') }))];
    for (const account of verified) await verifyAddress(api, dataDir, account.email);
    const unverified = await api.signUp(newAccount('third', { email: atDomain('third') }));
    await api.send('PATCH', `/cm-api/api/organizations/${organization._id}`, { matchingEmails: [domain] }, owner.tokens.auth_token);

    const { context, page } = await openAs(browser, baseURL!, clientIp, owner, organization._id, c.locale);
    try {
      await page.goto(`/interface/organizations/${organization._id}`);
      await page.getByRole('button', { name: c.button }).click();
      const dialog = page.getByRole('dialog', { name: c.dialog });
      await expect(dialog).toContainText(c.text);
      await page.screenshot({ path: test.info().outputPath(`orgs-matching-${c.locale}.png`) });
      await dialog.getByRole('button', { name: c.submit }).click();
      await expect(page.getByText(c.done)).toBeVisible();
      await expect(dialog).toBeHidden();
      const table = page.getByRole('table', { name: c.table });
      for (const account of verified) await expect(table).toContainText(account.email);
      await expect(table).not.toContainText(unverified.email);
    } finally {
      await context.close();
    }
  });
}
