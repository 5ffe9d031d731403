/**
 * A phone (390×844): signing in lands on the library; every entry of the phone's menu opens a real
 * screen that fits the width (the lists, the sessions, the quick meeting, the upload with its file and
 * recording tabs), and so does a session's settings page; the editors say they need a larger screen,
 * with a way back and links to what the phone can do; a missing page is a missing page.
 */
import type { Page } from '@playwright/test';
import { newAccount, uniqueName, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { anonymousPage } from './support/live.ts';
import { createMedia, silentWav } from './support/media.ts';
import { expectOnPath, NOT_FOUND_TEXT, SCREENSHOTS, submitLogin } from './support/ui.ts';

const DEVICE_TITLE = 'Device not compatible';

async function ownerWithMediaAndSession(api: Api) {
  const account = newAccount('mobile');
  const owner = await api.signUp(account);
  const token = owner.tokens.auth_token;
  const organization = await api.createOrganization(token, uniqueName('mobile org'));
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Live ASR', type: 'openai', languages: ['en'], organizationId: organization._id, config: { endpoint: 'https://asr.example.org/v1' } },
    token,
  );
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organization._id}/sessions`,
    { name: uniqueName('mobile session'), channels: [{ name: 'Floor', transcriberProfileId: profile._id, languages: ['en'] }] },
    token,
  );
  const conversationId = await createMedia(api, token, organization._id, uniqueName('mobile media'), { file: silentWav(2) });
  return { account, organizationId: organization._id, sessionId: session._id, conversationId };
}

/** A phone-ready screen: not the device notice, nothing wider than the phone. */
async function expectPhoneReady(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: DEVICE_TITLE })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} fits 390 px` }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-${name}.png`, fullPage: true });
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Show or hide the navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu).toBeVisible();
  return menu;
}

test('on a phone, signing in lands on the library and the menu, the upload and the session settings are usable', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { account, organizationId, sessionId } = await ownerWithMediaAndSession(api);
  const { context, page } = await anonymousPage(browser, baseURL!, clientIp);

  await page.goto('/login');
  await submitLogin(page, account.email, account.password);
  await expectOnPath(page, '/interface/explore');
  await expectPhoneReady(page, 'library');
  // The list itself fits too: no sideways scrolling to reach a media's status.
  await expect(page.getByTestId('media-row').getByTestId('media-status')).toBeVisible();
  expect(await page.locator('table').evaluate((table) => table.getBoundingClientRect().right)).toBeLessThanOrEqual(390);

  const menu = await openMenu(page);
  // Pages made for larger screens are left out of the phone's menu.
  await expect(menu.getByRole('link', { name: 'Tags' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Organization settings' })).toHaveCount(0);
  const entries: Array<[string, string]> = [
    ['Favorites', '/interface/favorites'],
    ['Shared with me', '/interface/shared'],
    ['Sessions', '/interface/sessionsList'],
    ['Quick meeting', `/interface/${organizationId}/quick-session`],
    ['Upload media', '/interface/conversations/create'],
    ['Media library', '/interface/explore'],
  ];
  await expect(menu.getByRole('link')).toHaveCount(entries.length);
  await page.getByRole('button', { name: 'Show or hide the navigation' }).click();
  for (const [label, pathname] of entries) {
    await (await openMenu(page)).getByRole('link', { name: label }).click();
    await expectOnPath(page, pathname);
    await expectPhoneReady(page, label.toLowerCase().replaceAll(' ', '-'));
  }

  // The upload from a file (above) and from the microphone.
  await page.goto('/interface/conversations/create?tab=microphone');
  await expect(page.getByRole('tab', { name: /microphone/i, selected: true })).toBeVisible();
  await expectPhoneReady(page, 'upload-recording');

  await page.goto(`/interface/${organizationId}/sessions/${sessionId}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPhoneReady(page, 'session-settings');
  await context.close();
});

test('on a phone, the editors say they need a larger screen, with a way back and what the phone can do', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(180_000);
  const { account, conversationId } = await ownerWithMediaAndSession(api);
  const { context, page } = await anonymousPage(browser, baseURL!, clientIp);
  await page.goto('/login');
  await submitLogin(page, account.email, account.password);
  await expectOnPath(page, '/interface/explore');

  await page.goto(`/interface/conversations/${conversationId}`);
  await expectPhoneReady(page, 'overview');
  await page.goto(`/interface/conversations/${conversationId}/transcription`);
  await expect(page.getByRole('heading', { name: DEVICE_TITLE })).toBeVisible();
  await expect(page.getByText('The transcript and subtitle editors need a computer or a larger screen.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the transcript' })).toHaveAttribute('href', `/interface/conversations/${conversationId}/publish`);
  await page.screenshot({ path: `${SCREENSHOTS}/mobile-editor-notice.png`, fullPage: true });
  await page.getByRole('button', { name: 'Back' }).click();
  await expectOnPath(page, `/interface/conversations/${conversationId}`);

  // Opened straight from a link, the notice still leads to the media.
  await page.goto(`/interface/conversations/${conversationId}/transcription`);
  await page.getByRole('link', { name: 'Open the media' }).click();
  await expectOnPath(page, `/interface/conversations/${conversationId}`);
  await expectPhoneReady(page, 'overview-from-notice');

  await page.goto('/interface/no-such-page');
  await expectOnPath(page, '/interface/404');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expectPhoneReady(page, 'not-found');
  await context.close();
});
