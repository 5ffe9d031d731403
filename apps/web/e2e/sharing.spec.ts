/**
 * Rights on media: the owner shares a media with someone outside the organization from the rights
 * panel of the overview, that person finds it in "Shared with me" with their right and can open it
 * without deleting it, then loses it when the owner stops sharing; the panel in French. The bulk
 * delete (docs/PRODUCT.md, Validation): when one selected media cannot be deleted, none is. And sharing the selected
 * media of the library at once: all or none.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Api } from './support/api.ts';
import { newAccount, signInBrowser, uniqueName, type TokenPair } from './support/api.ts';
import { dataDir } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';
import { NOT_FOUND_TEXT } from './support/ui.ts';

async function statusOf(api: Api, token: string, conversationId: string): Promise<number> {
  return (await api.request.get(`/cm-api/api/conversations/${conversationId}`, { headers: { authorization: `Bearer ${token}` } })).status();
}

/**
 * An organization with an owner and a member; the owner's media that members may only read and the
 * member's own media (not waiting for processing); the member signed in on the library, both rows shown.
 */
async function memberInLibrary(api: Api, page: Page, context: BrowserContext, baseURL: string, organizationName: string) {
  const owner = await api.signUp(newAccount('owner', { firstname: 'Ann', lastname: 'Owner' }));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(organizationName));
  const member = await api.signUp(newAccount('member', { firstname: 'Ben', lastname: 'Member' }));
  await joinOrganization(api, dataDir(), owner.tokens.auth_token, organization._id, member);

  const suffix = Math.random().toString(36).slice(2, 7);
  const ownersName = `Read only ${suffix}`;
  const membersName = `Mine ${suffix}`;
  const [ownersId, membersId] = await Promise.all([
    createMedia(api, owner.tokens.auth_token, organization._id, ownersName, { membersRight: 1, wait: false }),
    createMedia(api, member.tokens.auth_token, organization._id, membersName, { wait: false }),
  ]);

  await signInBrowser(context, baseURL, member.tokens, organization._id);
  await page.goto('/interface/explore');
  const table = page.getByRole('table', { name: 'Media' });
  const ownersRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: ownersName }) });
  const membersRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: membersName }) });
  await expect(ownersRow).toBeVisible({ timeout: 15_000 });
  await expect(membersRow).toBeVisible();
  return { owner, member, organization, ownersName, membersName, ownersId, membersId, ownersRow, membersRow };
}

/** Picks a level in a Mantine select (the options open in a listbox). */
async function chooseLevel(page: Page, field: ReturnType<Page['getByLabel']>, level: string) {
  await field.click();
  await page.getByRole('option', { name: level, exact: true }).click();
  await expect(field).toHaveValue(level);
}

async function newSignedInPage(browser: Browser, baseURL: string, clientIp: string, tokens: TokenPair, organizationId: string, locale = 'en-US') {
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  await signInBrowser(context, baseURL, tokens, organizationId);
  return { context, page: await context.newPage() };
}

test('share a media with someone outside the organization from the rights panel, then stop sharing', async ({ page, api, context, baseURL, browser, clientIp }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 90_000);
  const owner = await api.signUp(newAccount('owner', { firstname: 'Olga', lastname: 'Owner' }));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Sharing org'));
  const guestLastname = `Guest${Math.random().toString(36).slice(2, 7)}`;
  const guest = await api.signUp(newAccount('guest', { firstname: 'Gus', lastname: guestLastname }));
  const guestName = `Gus ${guestLastname}`;
  // The guest works in an organization of their own, not in the owner's.
  const guestOrganization = await api.createOrganization(guest.tokens.auth_token, uniqueName('Guest org'));

  const name = `Shared speech ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, name);

  await signInBrowser(context, baseURL!, owner.tokens, organization._id);
  await page.goto(`/interface/conversations/${id}`);
  const panel = page.getByRole('region', { name: 'Rights' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('rights-own')).toHaveText('Full rights');
  await expect(panel.getByText('Not shared with anyone outside the organization.')).toBeVisible();
  // The owner is listed among the members, with full rights and no control.
  const ownerRow = panel.getByRole('listitem', { name: 'Olga Owner' });
  await expect(ownerRow.getByTestId('rights-user-label')).toHaveText('Full rights');
  await expect(ownerRow.locator('input')).toHaveCount(0);

  // Find the guest by email, keyboard only, and share at "Can comment".
  const search = panel.getByRole('combobox', { name: 'Person' });
  await search.fill(guest.email);
  const option = page.getByRole('option', { name: `${guestName} (${guest.email})` });
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(panel.getByTestId('rights-share-user')).toContainText(guestName);
  await chooseLevel(page, panel.getByLabel('Rights to give', { exact: true }), 'Can comment');
  await panel.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText(`Shared with ${guestName}: Can comment`)).toBeVisible();

  const external = panel.getByRole('list', { name: 'Shared outside the organization' });
  const guestRow = external.getByRole('listitem', { name: guestName });
  await expect(guestRow.getByLabel(`Rights of ${guestName}`, { exact: true })).toHaveValue('Can comment');

  // The panel in French: same people, translated labels.
  await test.step('the rights panel in French', async () => {
    const french = await newSignedInPage(browser, baseURL!, clientIp, owner.tokens, organization._id, 'fr-FR');
    try {
      await french.page.goto(`/interface/conversations/${id}`);
      const frenchPanel = french.page.getByRole('region', { name: 'Droits' });
      await expect(frenchPanel).toBeVisible();
      await expect(frenchPanel.getByText('Vos droits :')).toBeVisible();
      await expect(frenchPanel.getByTestId('rights-own')).toHaveText('Tous les droits');
      await expect(frenchPanel.getByLabel("Droit par défaut des membres de l'organisation", { exact: true })).toBeVisible();
      await expect(frenchPanel.getByLabel(`Droits de ${guestName}`, { exact: true })).toHaveValue('Peut commenter');
      await expect(frenchPanel.getByRole('heading', { name: "Partager avec quelqu'un" })).toBeVisible();
    } finally {
      await french.context.close();
    }
  });

  // The guest finds it in "Shared with me" with their right, opens it, and cannot delete it.
  const theirs = await newSignedInPage(browser, baseURL!, clientIp, guest.tokens, guestOrganization._id);
  try {
    const guestPage = theirs.page;
    await guestPage.goto('/interface/shared');
    const link = guestPage.getByRole('link', { name, exact: true });
    const row = guestPage.getByRole('row').filter({ has: link });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('Can comment');
    await link.click();
    await expect(guestPage.getByRole('heading', { name, level: 1 })).toBeVisible();
    const guestPanel = guestPage.getByRole('region', { name: 'Rights' });
    await expect(guestPanel.getByTestId('rights-own')).toHaveText('Can comment');
    await expect(guestPanel.getByRole('combobox', { name: 'Person' })).toHaveCount(0);
    await expect(guestPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // The owner stops sharing; the guest's next visit finds nothing.
    await guestRow.getByRole('button', { name: `Stop sharing with ${guestName}` }).click();
    await expect(page.getByText(`${guestName} no longer has access`)).toBeVisible();
    await expect(guestRow).toHaveCount(0);
    await expect(panel.getByText('Not shared with anyone outside the organization.')).toBeVisible();
    await expect.poll(() => statusOf(api, guest.tokens.auth_token, id)).toBe(404);

    await guestPage.reload();
    await expect(guestPage.getByText(NOT_FOUND_TEXT)).toBeVisible();
  } finally {
    await theirs.context.close();
  }
});

test('bulk delete: when one selected media cannot be deleted, none is', async ({ page, api, context, baseURL }) => {
  test.setTimeout(60_000);
  const { member, ownersName, membersName, ownersId, membersId, ownersRow, membersRow } = await memberInLibrary(api, page, context, baseURL!, 'Bulk org');
  await expect(ownersRow).toContainText('Can read');
  await expect(membersRow).toContainText('Full rights');

  // Nothing selected: nothing to delete.
  const deleteButton = page.getByRole('toolbar').getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteButton).toBeDisabled();
  // One media is named in the confirmation, several are counted.
  await ownersRow.getByRole('checkbox', { name: `Select ${ownersName}` }).check();
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete media' });
  await expect(dialog).toContainText(`Delete “${ownersName}”? This cannot be undone.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await membersRow.getByRole('checkbox', { name: `Select ${membersName}` }).check();
  await deleteButton.click();
  await expect(dialog).toContainText('Delete the 2 selected media? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('The media could not be deleted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Both are still there.
  await page.reload();
  await expect(ownersRow).toBeVisible();
  await expect(membersRow).toBeVisible();
  expect(await statusOf(api, member.tokens.auth_token, ownersId)).toBe(200);
  expect(await statusOf(api, member.tokens.auth_token, membersId)).toBe(200);
});

test('share selected media at once: all or none', async ({ page, api, context, baseURL }) => {
  test.setTimeout(60_000);
  const guestLastname = `Guest${Math.random().toString(36).slice(2, 7)}`;
  const guest = await api.signUp(newAccount('guest', { firstname: 'Gus', lastname: guestLastname }));
  const guestName = `Gus ${guestLastname}`;
  const { ownersName, membersName, ownersId, membersId, ownersRow, membersRow } = await memberInLibrary(api, page, context, baseURL!, 'Batch org');

  const toolbar = page.getByRole('toolbar');
  // Nothing selected: nothing to share.
  await expect(toolbar.getByRole('button', { name: 'Share', exact: true })).toBeDisabled();

  const shareWithGuest = async (count: number) => {
    await toolbar.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: count === 1 ? 'Share the selected media' : `Share ${count} media` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'People' }).fill(guest.email);
    await page.getByRole('option', { name: `${guestName} (${guest.email})` }).click();
    await expect(dialog.getByRole('list', { name: 'People to share with' })).toContainText(guestName);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    return dialog;
  };

  // One of the two cannot be shared by the member: nothing is.
  await ownersRow.getByRole('checkbox', { name: `Select ${ownersName}` }).check();
  await membersRow.getByRole('checkbox', { name: `Select ${membersName}` }).check();
  const refused = await shareWithGuest(2);
  const refusal = refused.getByRole('alert');
  await expect(refusal).toContainText('Nothing was shared');
  await expect(refusal).toContainText('Your rights on this media do not allow this');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();
  expect(await statusOf(api, guest.tokens.auth_token, ownersId)).toBe(404);
  expect(await statusOf(api, guest.tokens.auth_token, membersId)).toBe(404);

  // Their own media alone: shared.
  await ownersRow.getByRole('checkbox', { name: `Select ${ownersName}` }).uncheck();
  const shared = await shareWithGuest(1);
  await expect(shared).toBeHidden();
  await expect(page.getByText(`Media shared with ${guestName}`)).toBeVisible();
  await expect.poll(() => statusOf(api, guest.tokens.auth_token, membersId)).toBe(200);
  expect(await statusOf(api, guest.tokens.auth_token, ownersId)).toBe(404);
});
