/**
 * The media overview as a place to work from: its tools (as the right allows) and their screens that
 * say what they will do, the player's shortcuts anywhere on the page but never while typing, and the
 * player and transcript in view on a laptop screen, in both languages and on a phone.
 */
import type { Page } from '@playwright/test';
import { newAccount, signedInContext, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { dataDir } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const audio = (page: Page) => page.getByTestId('media-audio');
const audioTime = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => element.currentTime);
const audioPaused = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => element.paused);

async function ownerWithMedia(api: Api, context: Parameters<typeof signInBrowser>[0], baseURL: string, prefix: string, seconds = 20) {
  const owner = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(`${prefix} org`));
  const name = `${prefix} media ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, name, { file: silentWav(seconds), membersRight: 1 });
  await signInBrowser(context, baseURL, owner.tokens, organization._id);
  return { owner, organization, name, id };
}

test('the tools link to the editor, subtitles and publishing', async ({ page, api, context, baseURL, browser, clientIp }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const { organization, id, owner, name } = await ownerWithMedia(api, context, baseURL!, 'tools');

  await page.goto(`/interface/conversations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('region', { name: 'Tools' });
  await expect(tools).toBeVisible();
  const expected = [
    ['Transcription editor', 'transcription'],
    ['Subtitles', 'subtitles'],
    ['Publish and export', 'publish'],
  ] as const;
  for (const [label, path] of expected) {
    await expect(tools.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', `/interface/conversations/${id}/${path}`);
  }

  // Each tool link opens its screen (its address, its heading, its content), which leads back to the overview.
  const screens: readonly (readonly [label: string, path: string, heading: string, ready: (page: Page) => Promise<void>])[] = [
    ['Transcription editor', 'transcription', name, (p) => expect(p.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 })],
    ['Subtitles', 'subtitles', 'Subtitles', (p) => expect(p.getByRole('button', { name: 'Generate a version' })).toBeVisible()],
    ['Publish and export', 'publish', 'Publish and export', (p) => expect(p.getByRole('tab', { name: 'Verbatim' })).toHaveAttribute('aria-selected', 'true')],
  ];
  for (const [label, path, heading, ready] of screens) {
    await tools.getByRole('link', { name: new RegExp(`^${label}`) }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/interface/conversations/${id}/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await ready(page);
    await page.getByRole('link', { name: 'Back to the media overview' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/interface/conversations/${id}`);
    await expect(tools).toBeVisible();
  }

  // In French.
  const french = await signedInContext(browser, { baseURL: baseURL!, clientIp, tokens: owner.tokens, organizationId: organization._id, locale: 'fr-FR' });
  try {
    const frenchPage = await french.newPage();
    await frenchPage.goto(`/interface/conversations/${id}/subtitles`);
    await expect(frenchPage.getByRole('heading', { level: 1, name: 'Sous-titres' })).toBeVisible({ timeout: 30_000 });
    await expect(frenchPage.getByRole('button', { name: 'Générer une version' })).toBeVisible();
    await expect(frenchPage.getByRole('link', { name: "Retour à l'aperçu du média" })).toHaveAttribute('href', `/interface/conversations/${id}`);
  } finally {
    await french.close();
  }

  // A member who may only read is offered the transcript and subtitles (read-only) and publishing.
  const member = await api.signUp(newAccount('reader'));
  await joinOrganization(api, dataDir(), owner.tokens.auth_token, organization._id, member);
  const reader = await signedInContext(browser, { baseURL: baseURL!, clientIp, tokens: member.tokens, organizationId: organization._id });
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto(`/interface/conversations/${id}`);
    await expect(readerPage.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    const readerTools = readerPage.getByRole('region', { name: 'Tools' });
    await expect(readerTools.getByRole('link')).toHaveCount(3);
    await expect(readerTools.getByRole('link', { name: /^Subtitles/ })).toBeVisible();
    await expect(readerTools.getByRole('link', { name: /^Publish and export/ })).toBeVisible();
    await readerTools.getByRole('link', { name: /^Transcription editor/ }).click();
    await expect(readerPage.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(readerPage.getByTestId('read-only')).toBeVisible();
    await expect(readerPage.locator('[data-turn-text][contenteditable="true"]')).toHaveCount(0);
  } finally {
    await reader.close();
  }
});

test('player shortcuts work anywhere on the page, but not while typing in a field', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const { id, name } = await ownerWithMedia(api, context, baseURL!, 'keys', 30);
  await page.goto(`/interface/conversations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect.poll(() => audio(page).evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);

  // Space with the focus on the page itself plays, and again pauses.
  await page.getByRole('heading', { level: 2, name: 'Transcript' }).click();
  await page.keyboard.press('Space');
  await expect.poll(() => audioPaused(page)).toBe(false);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await page.keyboard.press('Space');
  await expect.poll(() => audioPaused(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  // K too; Shift+→ jumps 3 s from anywhere.
  await page.keyboard.press('k');
  await expect.poll(() => audioPaused(page)).toBe(false);
  await page.keyboard.press('k');
  await expect.poll(() => audioPaused(page)).toBe(true);
  const before = await audioTime(page);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 2.5);
  // Nothing scrolled: the page kept the keys the player used.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Typing a space (or a k) in a text field types it and leaves the player alone.
  const field = page.getByRole('textbox', { name: 'Name', exact: true });
  await field.click();
  await field.press('End');
  await page.keyboard.type(' k ');
  await expect(field).toHaveValue(/ k $/);
  expect(await audioPaused(page)).toBe(true);
  await field.press('Escape');

  // The shortcuts are listed behind the keyboard button.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('Play or pause')).toBeVisible();
  await expect(help.getByText('Back or forward 3 seconds')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Space K');
});

test('the player and the start of the transcript are in view on a laptop screen, in both languages, and the page works on a phone', async ({
  page,
  api,
  context,
  baseURL,
  browser,
  clientIp,
}) => {
  const owner = await api.signUp(newAccount('fold'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('fold org'));
  // A loaded machine may take a while to transcribe the fixture.
  test.setTimeout(3 * PROCESSING_TIMEOUT);
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, 'JFK inaugural address');
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);

  const inView = async (target: Page, locale: string) => {
    await target.setViewportSize({ width: 1440, height: 900 });
    await target.goto(`/interface/conversations/${id}`);
    await expect(target.getByRole('heading', { level: 1, name: 'JFK inaugural address' })).toBeVisible({ timeout: 30_000 });
    const firstWord = target.getByTestId('transcript').locator('button[data-wid]').first();
    await expect(firstWord).toBeVisible();
    await expect(target.getByTestId('waveform')).toBeVisible();
    await expect(target.getByRole('region', { name: locale === 'fr-FR' ? 'Lecteur audio' : 'Audio player' })).toBeInViewport({ ratio: 1 });
    await expect(firstWord).toBeInViewport();
    await target.screenshot({ path: `${SCREENSHOTS}/overview-1440-${locale}.png` });
  };
  await inView(page, 'en-US');

  const french = await signedInContext(browser, { baseURL: baseURL!, clientIp, tokens: owner.tokens, organizationId: organization._id, locale: 'fr-FR' });
  try {
    await inView(await french.newPage(), 'fr-FR');
  } finally {
    await french.close();
  }

  // On a phone: the overview is shown (not "device not compatible"), nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/interface/conversations/${id}`);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeInViewport({ timeout: 30_000 });
  await expect(page.getByTestId('transcript')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/overview-390.png`, fullPage: true });
});
