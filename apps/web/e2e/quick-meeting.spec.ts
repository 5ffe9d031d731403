/**
 * Quick meetings in Chromium: from the create page's tab, a profile offered for quick meetings, the
 * microphone step (Chromium's fake microphone fed with speech: the level moves and the check
 * passes), live captions of the speech, pause and resume, and a phone-wide screen; the tab closed,
 * a new page is sent back by the guard to recover the meeting, which is continued (its clock going on
 * from what it recorded), then saved under a name and found in the library. In French from the
 * sidebar, a muted microphone trips the mute check, which is bypassed, and the meeting discarded
 * leaves nothing behind. A visitor is asked to sign in first.
 */
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { anonymousPage, PHONE } from './support/live.ts';
import { fakeMicrophoneLaunch, PROCESSING_TIMEOUT } from './support/media.ts';

// Chromium's fake microphone fed with speech; launch options are per file.
test.use({ launchOptions: fakeMicrophoneLaunch() });

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const DESKTOP = { width: 1280, height: 900 };

/** A member with an organization and its own PocketSphinx profile offered for quick meetings. */
async function meetingOwner(api: Api, prefix: string) {
  const owner = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(`${prefix} org`));
  await api.send(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Meeting captions', type: 'pocketsphinx', languages: ['en'], organizationId: organization._id, quickMeeting: true, config: {} },
    owner.tokens.auth_token,
  );
  return { owner, organizationId: organization._id };
}

const current = (api: Api, token: string, organizationId: string) =>
  api.get<{ quickMeeting: { _id: string; name: string } | null }>(`/cm-api/api/organizations/${organizationId}/quickMeeting/`, token);

const library = (api: Api, token: string, organizationId: string) =>
  api.get<{ count: number; list: Array<{ _id: string; name: string }> }>(`/cm-api/api/organizations/${organizationId}/conversations`, token);

/** The seconds an elapsed time shows ("1:05" → 65). */
const clockSeconds = (text: string | null) => (text ?? '').split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** Nothing wider than the phone's screen (once the layout has settled after a resize). */
async function noWiderThanThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('a microphone that hears speech', () => {
  test('a quick meeting from the create page: check, live captions, pause; recovered after the tab closes and saved', async ({ browser, api, baseURL, clientIp }) => {
    test.setTimeout(PROCESSING_TIMEOUT + 120_000);
    const { owner, organizationId } = await meetingOwner(api, 'quick-save');
    const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: DESKTOP });
    await signInBrowser(context, baseURL!, owner.tokens, organizationId);
    let page = await context.newPage();

    // One click from the create page's tab.
    await page.goto('/interface/conversations/create?tab=quickMeeting');
    await expect(page.getByRole('tab', { name: 'Quick meeting' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Quick meeting' })).not.toContainText('Coming soon');
    await page.getByRole('link', { name: 'Start a quick meeting' }).click();
    await expect(page).toHaveURL(new RegExp(`/interface/${organizationId}/quick-session$`));

    // Creation: the profile offered, live transcription; offline forces the audio kept.
    await expect(page.getByRole('textbox', { name: 'Transcription service' })).toHaveValue('Meeting captions');
    const keepAudio = page.getByRole('checkbox', { name: 'Keep the audio' });
    await page.getByRole('switch', { name: /^Offline transcription/ }).click();
    await expect(keepAudio).toBeChecked();
    await expect(keepAudio).toBeDisabled();
    await page.getByRole('switch', { name: /^Offline transcription/ }).click();
    await page.getByRole('switch', { name: /^Live transcription/ }).click();
    await page.getByRole('button', { name: 'Start the quick meeting' }).click();
    await expect(page.getByText('Choose live transcription, offline transcription, or both')).toBeVisible();
    await page.getByRole('switch', { name: /^Live transcription/ }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-creation.png`, fullPage: true });
    await page.getByRole('button', { name: 'Start the quick meeting' }).click();

    // The microphone step: a device, a moving level, the check passed.
    await expect(page.getByRole('textbox', { name: 'Input device' })).not.toHaveValue('');
    await expect.poll(async () => Number(await page.getByRole('progressbar', { name: 'Level' }).getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByText('Your microphone works.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-microphone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Start recording' }).click();

    // Live: recording, the elapsed time moves, captions of the speech arrive.
    const recordingStatus = (target: Page) => target.getByRole('status').filter({ hasText: /^(Recording|Paused|Connecting…)$/ });
    let status = recordingStatus(page);
    await expect(status).toHaveText('Recording', { timeout: 30_000 });
    await expect.poll(() => page.getByRole('timer').textContent(), { timeout: 10_000 }).not.toBe('0:00');
    const captions = page.getByRole('region', { name: 'Live captions' });
    // Finals are the lines in the announced region (PocketSphinx hears the speech loosely).
    await expect(captions.locator('[aria-live] p[lang="en"]').first()).not.toBeEmpty({ timeout: 90_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-live.png`, fullPage: true });

    // Pause stops the clock; resume sends again.
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(status).toHaveText('Paused');
    const pausedAt = await page.getByRole('timer').textContent();
    await page.waitForTimeout(2_000);
    await expect(page.getByRole('timer')).toHaveText(pausedAt!);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(status).toHaveText('Recording', { timeout: 30_000 });

    // On a phone: nothing wider than the screen, the controls within reach.
    await page.setViewportSize(PHONE);
    await noWiderThanThePhone(page);
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeInViewport();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-live-phone.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The tab closes while recording: a new page is sent back to recover the meeting.
    // A few seconds recorded first, so that what the server received is far from 0:00 on a busy machine.
    await expect.poll(async () => clockSeconds(await page.getByRole('timer').textContent()), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const recordedBefore = clockSeconds(await page.getByRole('timer').textContent());
    await page.close();
    page = await context.newPage();
    status = recordingStatus(page);
    await page.goto('/interface/explore');
    await expect(page).toHaveURL(new RegExp(`/interface/${organizationId}/quick-session\\?recover=true$`));
    await expect(page.getByRole('heading', { name: 'A quick meeting is in progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue the meeting' })).toBeVisible();
    // What it recorded before the tab closed.
    await expect(page.getByText(/^Audio received so far: \d+:\d\d\.$/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-restore.png`, fullPage: true });

    // Continued: the microphone is checked again, and the same meeting records on, its clock from what it recorded.
    await page.getByRole('button', { name: 'Continue the meeting' }).click();
    await expect(page.getByText('Your microphone works.')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Start recording' }).click();
    // (The last instant sent may not have reached the server: a second's tolerance, far from 0:00.)
    expect(clockSeconds(await page.getByRole('timer').textContent())).toBeGreaterThanOrEqual(recordedBefore - 1);
    await expect(status).toHaveText('Recording', { timeout: 30_000 });
    // Reloaded: the page finds it in progress again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'A quick meeting is in progress' })).toBeVisible();

    // Saved under a name (confirmed once more if the closed tab's audio is still being taken in).
    const name = uniqueName('Team sync');
    await page.getByRole('textbox', { name: 'Name of the media' }).fill(name);
    await page.getByRole('button', { name: 'Save to the library' }).click();
    const saved = page.getByText('Saved to your library');
    await expect(saved.or(page.getByText('A stream is still being sent'))).toBeVisible({ timeout: 20_000 });
    if (!(await saved.isVisible())) await page.getByRole('button', { name: 'Save to the library' }).click();
    await expect(saved).toBeVisible({ timeout: 20_000 });
    expect((await current(api, owner.tokens.auth_token, organizationId)).quickMeeting).toBeNull();

    // The media is in the library, and the guard lets the user go there.
    await expect.poll(async () => (await library(api, owner.tokens.auth_token, organizationId)).list.map((item) => item.name), { timeout: PROCESSING_TIMEOUT }).toContain(name);
    await page.getByRole('link', { name: /Open the (media|library)/ }).click();
    await page.goto('/interface/explore');
    await expect(page).toHaveURL(/\/interface\/explore$/);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await context.close();
  });
});

test.describe('a muted microphone', () => {
  test('in French from the sidebar: the mute check of a muted microphone is bypassed, and a discarded meeting leaves nothing', async ({ browser, api, baseURL, clientIp }) => {
    test.setTimeout(120_000);
    const { owner, organizationId } = await meetingOwner(api, 'quick-discard');
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addInitScript(() => localStorage.setItem('palabre.locale', 'fr-FR'));
    // The microphone is muted: its tracks are disabled, so they give silence.
    await context.addInitScript(() => {
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        stream.getAudioTracks().forEach((track) => (track.enabled = false));
        return stream;
      };
    });
    await signInBrowser(context, baseURL!, owner.tokens, organizationId);
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto('/interface/explore');
    await page.getByRole('navigation').getByRole('link', { name: 'Réunion rapide' }).click();
    await expect(page.getByRole('heading', { name: 'Réunion rapide', level: 1 })).toBeVisible();

    // The creation step on a phone.
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Démarrer la réunion rapide' })).toBeVisible();
    await noWiderThanThePhone(page);
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-creation-fr-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Démarrer la réunion rapide' }).click();

    // No sound for a few seconds: the warning, bypassed.
    const warning = page.getByRole('alert').filter({ hasText: 'Microphone coupé ou accès refusé' });
    await expect(warning).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: "Démarrer l'enregistrement" })).toBeDisabled();
    await noWiderThanThePhone(page);
    await page.screenshot({ path: `${SCREENSHOTS}/quick-meeting-muted-fr-phone.png`, fullPage: true });
    await warning.getByRole('button', { name: 'Continuer quand même' }).click();
    await page.getByRole('button', { name: "Démarrer l'enregistrement" }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Enregistrement$/ })).toBeVisible({ timeout: 30_000 });

    // Stopped and discarded after a confirmation.
    await page.getByRole('button', { name: 'Arrêter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terminer la réunion rapide' });
    await expect(dialog.getByRole('textbox', { name: 'Nom du média' })).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Abandonner', exact: true }).click();
    await page.getByRole('dialog', { name: 'Abandonner cette réunion ?' }).getByRole('button', { name: 'Abandonner la réunion' }).click();
    await expect(page.getByText('Réunion abandonnée')).toBeVisible({ timeout: 20_000 });

    // Nothing is left: no meeting in progress, nothing in the library, no recovery on the next page.
    expect((await current(api, owner.tokens.auth_token, organizationId)).quickMeeting).toBeNull();
    expect((await library(api, owner.tokens.auth_token, organizationId)).count).toBe(0);
    await page.goto('/interface/explore');
    await expect(page).toHaveURL(/\/interface\/explore$/);
    await context.close();
  });
});

test('a visitor is asked to sign in and comes back to the quick meeting', async ({ browser, api, baseURL, clientIp }) => {
  const { organizationId } = await meetingOwner(api, 'quick-visitor');
  const { context, page } = await anonymousPage(browser, baseURL!, clientIp);
  await page.goto(`/interface/${organizationId}/quick-session`);
  await expect(page.getByText('Quick meetings are recorded and transcribed in your organization')).toBeVisible();
  const back = `next=${encodeURIComponent(`/interface/${organizationId}/quick-session`)}`;
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute('href', `/login?${back}`);
  await noWiderThanThePhone(page);
  await context.close();
});
