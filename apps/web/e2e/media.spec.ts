/**
 * Media in, transcript out, through the UI: upload the English fixture, watch the status page move
 * to done, read the overview, play, click a word and see the player seek; and record a few seconds
 * through Chromium's fake microphone (fed with the same WAV file) to get a media.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { fakeMicrophoneLaunch, FIXTURE, PROCESSING_TIMEOUT } from './support/media.ts';

// The fake microphone (fed with the fixture) for the recording test; launch options are per file.
test.use({ launchOptions: fakeMicrophoneLaunch() });

const audioTime = (page: Page) => page.getByTestId('media-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

async function signedInWithOrganization(page: Page, api: Api, context: BrowserContext, baseURL: string, prefix: string) {
  const user = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(user.tokens.auth_token, uniqueName(`${prefix} org`));
  await signInBrowser(context, baseURL, user.tokens, organization._id);
  return { user, organization };
}

/** The transcription service select has picked an available profile. */
async function expectProfileChosen(page: Page) {
  await expect(page.getByRole('textbox', { name: 'Transcription service' })).not.toHaveValue('', { timeout: 15_000 });
}

test('upload the English fixture, follow processing to done, play and click a word to seek', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  await signedInWithOrganization(page, api, context, baseURL!, 'media');

  await page.goto('/interface/conversations/create');
  await expect(page.getByRole('heading', { name: 'New media', level: 1 })).toBeVisible();
  // The later ways in stay visible, marked coming soon.
  for (const tab of ['Session', 'Quick meeting', 'Videoconference']) await expect(page.getByRole('tab', { name: new RegExp(`${tab}.*Coming soon`) })).toBeVisible();

  const form = page.getByRole('form', { name: 'File' });
  await form.locator('input[type=file]').setInputFiles(FIXTURE);
  // The name defaults to the file name without its extension; the file is listed as a track.
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('jfk-en');
  await expect(form.getByLabel('Name of track 1')).toHaveValue('jfk-en');
  await expectProfileChosen(page);
  await form.getByRole('button', { name: 'Create' }).click();

  await expect.poll(() => new URL(page.url()).pathname, { message: 'the status page of the new media opens' }).toMatch(/^\/interface\/conversations\/[0-9a-f-]{36}$/);
  // The status page refreshes itself until the overview shows the transcript.
  const transcript = page.getByTestId('transcript');
  await expect(transcript).toBeVisible({ timeout: PROCESSING_TIMEOUT });
  await expect(page.getByRole('heading', { name: 'jfk-en', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General information' })).toBeVisible();
  await expect(page.getByTestId('media-status')).toHaveText('Done');
  await expect(transcript).toContainText(/country/i);

  // Play: the audio advances.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // A click on a word seeks to its start (and plays from there).
  const word = transcript.locator('button[data-wid]', { hasText: /^country/i }).first();
  const start = Number(await word.getAttribute('data-stime'));
  await word.click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(start - 0.05);
  expect(await audioTime(page)).toBeLessThan(start + 2);
  // The playing word is highlighted (aria-current) once it plays.
  await expect(transcript.locator('button[aria-current="true"]')).toHaveCount(1, { timeout: 5_000 });

  // Keyboard jump (docs/PRODUCT.md, Limits): Shift+← goes back 3 s.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const before = await audioTime(page);
  await page.getByRole('button', { name: 'Play', exact: true }).focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => audioTime(page)).toBeLessThan(before - 2.5);
});

test.describe('microphone', () => {
  test('record a few seconds with the microphone and get a media', async ({ page, api, context, baseURL }) => {
    test.setTimeout(PROCESSING_TIMEOUT);
    await context.grantPermissions(['microphone']);
    const { user } = await signedInWithOrganization(page, api, context, baseURL!, 'mic');

    await page.goto('/interface/conversations/create?tab=microphone');
    const form = page.getByRole('form', { name: 'Microphone' });
    await form.getByRole('button', { name: 'Start recording' }).click();
    await expect(form.getByText('Recording', { exact: true })).toBeVisible();
    await page.waitForTimeout(4_000);
    await form.getByRole('button', { name: 'Stop' }).click();
    await expect(form.getByText('Recorded', { exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(/^Recording /);
    await expectProfileChosen(page);
    await form.getByRole('button', { name: 'Create' }).click();

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/^\/interface\/conversations\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const media = await api.get<{ _id: string; source: string; channels: unknown[] }>(`/cm-api/api/conversations/${id}`, user.tokens.auth_token);
    expect(media._id).toBe(id);
    await expect(page.getByRole('heading', { level: 1, name: /^Recording / })).toBeVisible();
  });
});
