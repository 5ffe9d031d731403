/**
 * The subtitle pages in Chromium: a version generated through the form (its field errors first),
 * its screens; a screen's text edited and kept across a reload; split at the caret and merged back;
 * a merge refused with the rule's words; undo; live warnings and the way to the next problem; a
 * screen's end moved from the keyboard; the SubRip file holding the edited text; copy, then several
 * versions deleted at once. A reader sees both pages read-only; two writers editing the same version
 * converge; French. A real video media (the English fixture's speech over a test picture, an
 * H.264/AAC MP4, transcribed) plays in the editor with the playing screen over the picture; its
 * screens are burned in from the panel under the player, the file downloaded, probed and its frames
 * compared with the source's; the panel in French. Screenshots of the pages, wide and narrow.
 */
import fs from 'node:fs';
import { RIGHT_LEVELS, type Screen } from '@palabre/shared';
import type { Browser, Page } from '@playwright/test';
import { Api, newAccount, signInBrowser, uniqueName, type SignedInAccount } from './support/api.ts';
import { baseUrl } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';
import { makeTurn } from './support/transcripts.ts';
import { bottomThird, changedPixels, fixtureVideo, fixtureVideoUpload, probeVideo, VIDEO_SECONDS, VIDEO_SIZE } from './support/video.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const LOAD_TIMEOUT = 30_000;

const SPEAKERS = [
  { speaker_id: 'alice', speaker_name: 'Alice' },
  { speaker_id: 'bob', speaker_name: 'Bob' },
];
const TEXT = [
  makeTurn('t1', 'alice', 'Good evening and welcome to the show', 0),
  makeTurn('t2', 'bob', 'Thank you for having me here tonight', 5),
  makeTurn('t3', 'alice', 'Let us begin with the news', 10),
];
/** One line of at most 37 characters: every turn is one screen, and no two screens fit one. */
const SETTINGS = { maxCharsPerLine: 37, maxLinesPerScreen: 1, splitMode: 'none' };

interface Setup {
  id: string;
  owner: SignedInAccount;
  organizationId: string;
}

async function mediaWithTranscript(api: Api, prefix: string, membersRight: number = RIGHT_LEVELS.read): Promise<Setup> {
  const owner = await api.signUp(newAccount(prefix));
  const token = owner.tokens.auth_token;
  const organization = await api.createOrganization(token, uniqueName(`${prefix} org`));
  const id = await createMedia(api, token, organization._id, `${prefix} media`, { file: silentWav(20), membersRight });
  await api.send('PATCH', `/cm-api/api/conversations/${id}`, { speakers: SPEAKERS, text: TEXT }, token);
  return { id, owner, organizationId: organization._id };
}

async function createVersion(api: Api, setup: Setup, name: string): Promise<string> {
  const version = await api.send<{ _id: string }>('POST', `/cm-api/api/conversations/${setup.id}/subtitles`, { name, settings: SETTINGS }, setup.owner.tokens.auth_token);
  return version._id;
}

const screens = (page: Page) => page.locator('[data-screen-id][data-screen-index]');
const screenText = (page: Page, index: number) => screens(page).nth(index).locator('textarea');

async function openVersion(page: Page, id: string, subtitleId: string) {
  await page.goto(`/interface/conversations/${id}/subtitles/${subtitleId}`);
  await expect(page.locator('[data-subtitle-editor-ready="true"]')).toBeVisible({ timeout: LOAD_TIMEOUT });
}

/** Waits until every local edit is acknowledged by the server. */
async function saved(page: Page) {
  // An edit counts as unsaved from its keystroke (not only once its throttled send leaves).
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-sync-state', 'connected');
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-unsaved', 'false');
}

async function caretIn(page: Page, index: number, offset: number) {
  const area = screenText(page, index);
  await area.click();
  await area.evaluate((element: HTMLTextAreaElement, at) => element.setSelectionRange(at, at), offset);
}

async function signedInPage(browser: Browser, baseURL: string, account: SignedInAccount, organizationId: string, locale = 'en-US') {
  const context = await browser.newContext({ baseURL, locale });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  return { context, page: await context.newPage() };
}

test('generate a version through the form, then edit, split, merge, undo, warnings, retime, SRT, copy and delete several', async ({ page, api, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 180_000);
  const setup = await mediaWithTranscript(api, 'subtitles');
  await signInBrowser(page.context(), baseURL!, setup.owner.tokens, setup.organizationId);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The list is empty; the form checks the limits before sending.
  await page.goto(`/interface/conversations/${setup.id}/subtitles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subtitles' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByTestId('no-versions')).toBeVisible();
  await page.getByRole('button', { name: 'Generate a version' }).click();
  const form = page.getByTestId('generate-form');
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByText('This field is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Festival');
  await form.getByRole('textbox', { name: 'Lines per screen' }).fill('1');
  await form.getByRole('textbox', { name: 'Characters per line' }).fill('200');
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByText('The split mode needs more lines than the maximum lines per screen allows')).toBeVisible();
  await expect(form.getByText('A whole number between 10 and 80')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-generate-en-US.png` });
  await form.getByRole('textbox', { name: 'Characters per line' }).fill('37');
  await form.getByRole('textbox', { name: 'Lines a generated screen may use' }).click();
  await page.getByRole('option', { name: 'One line' }).click();
  await form.getByRole('button', { name: 'Generate' }).click();

  // The editor of the new version opens with one screen per turn.
  await expect(page.locator('[data-subtitle-editor-ready="true"]')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('heading', { level: 1, name: 'Festival' })).toBeVisible();
  const subtitleId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(screens(page)).toHaveCount(3);
  await expect(screenText(page, 0)).toHaveValue('Good evening and welcome to the show');
  await expect(screenText(page, 2)).toHaveValue('Let us begin with the news');
  await expect(page.getByTestId('problem-count')).toHaveText('No problem');

  // A screen's text, kept across a reload.
  await caretIn(page, 0, 'Good evening'.length);
  await page.keyboard.type(',');
  await expect(screenText(page, 0)).toHaveValue('Good evening, and welcome to the show');
  await saved(page);
  await page.reload();
  await expect(page.locator('[data-subtitle-editor-ready="true"]')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(screenText(page, 0)).toHaveValue('Good evening, and welcome to the show');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Split at the caret (Ctrl+Enter): the caret goes to the new screen; merged back with the button.
  await caretIn(page, 2, 'Let us begin'.length);
  await page.keyboard.press('Control+Enter');
  await expect(screens(page)).toHaveCount(4);
  await expect(screenText(page, 2)).toHaveValue('Let us begin');
  await expect(screenText(page, 3)).toHaveValue('with the news');
  await expect(screenText(page, 3)).toBeFocused();
  await page.getByRole('button', { name: 'Merge screen 3 with the next' }).click();
  await expect(screens(page)).toHaveCount(3);
  await expect(screenText(page, 2)).toHaveValue('Let us begin with the news');

  // Two full lines cannot share one line: the merge is refused in words, nothing changes.
  await page.getByRole('button', { name: 'Merge screen 1 with the next' }).click();
  await expect(page.getByText('The merged screen would exceed the maximum number of lines')).toBeVisible();
  await expect(screens(page)).toHaveCount(3);
  await expect(screenText(page, 0)).toHaveValue('Good evening, and welcome to the show');

  // Undo takes back the merge, then the split.
  await screenText(page, 1).click();
  await page.keyboard.press('Control+z');
  await expect(screens(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(screens(page)).toHaveCount(3);
  await expect(screenText(page, 2)).toHaveValue('Let us begin with the news');

  // A line past the limit: the screen says why, the toolbar counts it, F8 goes there.
  await caretIn(page, 1, 'Thank you for having me here tonight'.length);
  await page.keyboard.type(' and always');
  const warned = screens(page).nth(1);
  await expect(warned.getByTestId('screen-warnings')).toContainText('A line is longer than 37 characters');
  await expect(page.getByTestId('problem-count')).toHaveText('1 screen with a problem');
  await screenText(page, 2).click();
  await page.keyboard.press('F8');
  await expect(screenText(page, 1)).toBeFocused();
  // Enter adds no line past the version's one line.
  await page.keyboard.press('Enter');
  await expect(screenText(page, 1)).toHaveValue('Thank you for having me here tonight and always');

  // The end of screen 1 moves a tenth of a second from the keyboard.
  const end = page.getByRole('slider', { name: 'End of screen 1' });
  const before = Number(await end.getAttribute('aria-valuenow'));
  await end.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await end.getAttribute('aria-valuenow'))).toBeCloseTo(before + 0.1, 3);
  await saved(page);

  // Dragging the start of screen 3 earlier on the strip retimes it.
  const start3 = page.getByRole('slider', { name: 'Start of screen 3' });
  const startBefore = Number(await start3.getAttribute('aria-valuenow'));
  const box = (await start3.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 30, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await start3.getAttribute('aria-valuenow'))).toBeLessThan(startBefore - 0.2);
  await expect(screens(page).nth(2).getByTestId('screen-time')).not.toContainText('0:10.00 →');

  // Longer lines allowed: the warning goes, for everyone (the limits are in the document).
  await page.getByRole('button', { name: 'Limits' }).click();
  const limits = page.getByTestId('settings-form');
  await limits.getByRole('textbox', { name: 'Characters per line' }).fill('60');
  await limits.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('problem-count')).toHaveText('No problem');
  await expect(page.getByTestId('screen-warnings')).toHaveCount(0);
  await saved(page);

  // A screen added in the gap after screen 2, then deleted.
  await page.getByRole('button', { name: 'Add a screen after screen 2' }).click();
  await expect(screens(page)).toHaveCount(4);
  await expect(screenText(page, 2)).toBeFocused();
  await expect(screens(page).nth(2).getByTestId('screen-time')).toContainText('0:08.48 → 0:09.42');
  await page.keyboard.type('Well');
  await expect(screenText(page, 2)).toHaveValue('Well');
  await page.getByRole('button', { name: 'Delete screen 3' }).click();
  await expect(screens(page)).toHaveCount(3);
  await expect(screenText(page, 2)).toHaveValue('Let us begin with the news');
  await saved(page);

  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-en-US.png` });
  await page.setViewportSize({ width: 820, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-narrow-en-US.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The help lists every shortcut.
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByTestId('subtitle-shortcuts').locator('[data-shortcut]')).toHaveCount(18);
  // The drawer as it is once slid in (its transition run to the end).
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-help-en-US.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('subtitle-shortcuts')).toHaveCount(0);

  // The SubRip file holds the edited text.
  await page.getByRole('button', { name: 'Files' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'SubRip (SRT)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.srt$/);
  const srt = fs.readFileSync((await file.path())!, 'utf8');
  expect(srt).toContain('Good evening, and welcome to the show');
  expect(srt).toContain('Thank you for having me here tonight and always');
  expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\n/);

  // Back to the list: a copy, then both deleted at once after a confirmation.
  await page.getByTestId('back-to-versions').click();
  const rows = page.getByTestId('subtitle-versions').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions on Festival' }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Festival (copy)');
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator(`[data-version-id="${subtitleId}"]`)).toContainText('60 characters · 1 line · 7 s · 20 characters/s');
  // The copy renamed.
  await page.getByRole('button', { name: 'Actions on Festival (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Short lines');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Short lines' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-versions-en-US.png` });
  await page.setViewportSize({ width: 420, height: 900 });
  await page.reload();
  await expect(rows).toHaveCount(2, { timeout: LOAD_TIMEOUT });
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-versions-narrow-en-US.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('checkbox', { name: 'Select every version' }).check();
  await page.getByRole('button', { name: 'Delete the 2 selected versions' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 versions' });
  await expect(confirm.getByTestId('delete-names')).toContainText('Short lines');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('no-versions')).toBeVisible();
  const left = await api.get<{ count: number }>(`/cm-api/api/conversations/${setup.id}/subtitles`, setup.owner.tokens.auth_token);
  expect(left.count).toBe(0);
});

test('a reader sees both pages read-only; two writers editing one version converge; in French', async ({ page, api, baseURL, browser, dataDir }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 150_000);
  const setup = await mediaWithTranscript(api, 'subtitles-together', RIGHT_LEVELS.read);
  const subtitleId = await createVersion(api, setup, 'Broadcast');
  const reader = await api.signUp(newAccount('subtitles-reader'));
  await joinOrganization(api, dataDir, setup.owner.tokens.auth_token, setup.organizationId, reader);

  // The reader: the list without the writers' controls, the editor with nothing editable.
  const readerSide = await signedInPage(browser, baseURL!, reader, setup.organizationId, 'fr-FR');
  try {
    const readerPage = readerSide.page;
    await readerPage.goto(`/interface/conversations/${setup.id}/subtitles`);
    await expect(readerPage.getByRole('heading', { level: 1, name: 'Sous-titres' })).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(readerPage.getByTestId('read-only')).toBeVisible();
    await expect(readerPage.getByRole('button', { name: 'Générer une version' })).toHaveCount(0);
    await expect(readerPage.getByRole('checkbox')).toHaveCount(0);
    // A version made meanwhile appears without a reload (once the page watches the organization's
    // notices: its socket's handshake and upgrade are over when the network is idle).
    await readerPage.waitForLoadState('networkidle');
    await createVersion(api, setup, 'Festival');
    await expect(readerPage.getByRole('link', { name: 'Festival' })).toBeVisible();
    // The transcript moves on: both versions say so.
    const edited = [makeTurn('t1', 'alice', 'Good evening everyone', 0), ...TEXT.slice(1)];
    await api.send('PATCH', `/cm-api/api/conversations/${setup.id}`, { speakers: SPEAKERS, text: edited }, setup.owner.tokens.auth_token);
    await expect(readerPage.getByTestId('transcript-changed')).toHaveCount(2);
    await expect(readerPage.getByTestId('transcript-changed').first()).toHaveText('Transcription modifiée');
    await readerPage.getByRole('link', { name: 'Broadcast' }).click();
    await expect(readerPage.locator('[data-subtitle-editor-ready="true"]')).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(readerPage.getByTestId('read-only')).toHaveText('Lecture seule');
    await expect(screens(readerPage)).toHaveCount(3);
    await expect(readerPage.locator('textarea[readonly]')).toHaveCount(3);
    await expect(readerPage.getByRole('button', { name: /^Couper l'écran/ })).toHaveCount(0);
    await expect(readerPage.getByRole('slider', { name: /^Fin de l'écran/ })).toHaveCount(0);
    await expect(readerPage.getByTestId('problem-count')).toHaveText('Aucun problème');
    await readerPage.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-reader-fr-FR.png` });
  } finally {
    await readerSide.context.close();
  }

  // Two writers (two browsers of the owner) type in two screens at once: both see both.
  await signInBrowser(page.context(), baseURL!, setup.owner.tokens, setup.organizationId);
  const second = await signedInPage(browser, baseURL!, setup.owner, setup.organizationId);
  try {
    await Promise.all([openVersion(page, setup.id, subtitleId), openVersion(second.page, setup.id, subtitleId)]);
    await caretIn(page, 0, 0);
    await caretIn(second.page, 2, 'Let us begin with the news'.length);
    await Promise.all([page.keyboard.type('So, ', { delay: 30 }), second.page.keyboard.type(' today', { delay: 30 })]);
    // Each sees where the other is.
    await expect(screens(page).nth(2).getByTestId('screen-peer')).toBeVisible();
    await expect(screens(second.page).nth(0).getByTestId('screen-peer')).toBeVisible();
    for (const p of [page, second.page]) {
      await expect(screenText(p, 0)).toHaveValue('So, Good evening and welcome to the show');
      await expect(screenText(p, 2)).toHaveValue('Let us begin with the news today');
    }
    // A split on one side appears on the other.
    await caretIn(second.page, 1, 'Thank you'.length);
    await second.page.keyboard.press('Control+Enter');
    await expect(screens(page)).toHaveCount(4);
    await expect(screenText(page, 2)).toHaveValue('for having me here tonight');
    await saved(page);
    await saved(second.page);
    const stored = await api.get<{ screenList: { text: string }[] }>(`/cm-api/api/conversations/${setup.id}/subtitles/${subtitleId}`, setup.owner.tokens.auth_token);
    expect(stored.screenList.map((s) => s.text)).toEqual([
      'So, Good evening and welcome to the show',
      'Thank you',
      'for having me here tonight',
      'Let us begin with the news today',
    ]);

    // Deleted while open: the editors say so, and lead back to the versions.
    await api.send('DELETE', `/cm-api/api/conversations/${setup.id}/subtitles/${subtitleId}`, undefined, setup.owner.tokens.auth_token);
    await expect(page.getByTestId('editor-problem-access')).toContainText('This version was deleted, or you no longer have access to it.');
    await expect(page.getByRole('heading', { level: 1, name: 'Broadcast' })).toBeVisible();
    await page.getByTestId('editor-problem-access').getByRole('link', { name: 'Back to the subtitle versions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/interface/conversations/${setup.id}/subtitles`);
  } finally {
    await second.context.close();
  }
});

/** Every state the burn panel shows (its status line, its bar and the bar's name), kept in the page: a quick burn's progress is not missed. */
async function recordBurnStates(page: Page) {
  await page.getByTestId('burn-export').evaluate((panel) => {
    const seen: string[] = [];
    (window as unknown as { burnStates: string[] }).burnStates = seen;
    const note = () => {
      const status = panel.querySelector('[role="status"]')?.textContent ?? '';
      const bar = panel.querySelector('[role="progressbar"]');
      const name = bar ? document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent : undefined;
      const entry = bar ? `${status} | bar ${bar.getAttribute('aria-valuenow')} named "${name ?? ''}"` : status;
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    new MutationObserver(note).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
const burnStates = (page: Page) => page.evaluate(() => (window as unknown as { burnStates: string[] }).burnStates);

/** A full-page picture at a narrow width, from the top of the page; then the wide window again. */
async function narrowScreenshot(page: Page, name: string) {
  await page.setViewportSize({ width: 820, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The overlay's words for a screen (its lines joined, as the page shows them). */
const shown = (screen: Screen) => screen.text.replace(/\s+/g, ' ').trim();

test.describe.serial('a video media', () => {
  // One media for the three tests: an H.264/AAC MP4 of the English fixture, transcribed, with a version.
  let setup: Setup;
  let subtitleId: string;
  let screenList: Screen[];

  test.beforeAll(async () => {
    test.setTimeout(PROCESSING_TIMEOUT + 30_000);
    const api = await Api.create(baseUrl());
    try {
      const owner = await api.signUp(newAccount('subtitles-video'));
      const token = owner.tokens.auth_token;
      const organization = await api.createOrganization(token, uniqueName('subtitles-video org'));
      const id = await createMedia(api, token, organization._id, 'Inaugural address', { file: fixtureVideoUpload() });
      const media = await api.get<{ media: { video: boolean } }>(`/cm-api/api/conversations/${id}`, token);
      expect(media.media.video).toBe(true);
      setup = { id, owner, organizationId: organization._id };
      const version = await api.send<{ _id: string; screenList: Screen[] }>('POST', `/cm-api/api/conversations/${id}/subtitles`, { name: 'Cinema' }, token);
      subtitleId = version._id;
      screenList = version.screenList;
      // Two screens at least, all within the speech: the video's last seconds hold none.
      expect(screenList.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...screenList.map((s) => s.end))).toBeLessThan(VIDEO_SECONDS - 1);
    } finally {
      await api.dispose();
    }
  });

  test('its video plays beside the screens, the playing screen written over the picture', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signInBrowser(page.context(), baseURL!, setup.owner.tokens, setup.organizationId);
    await page.setViewportSize({ width: 1440, height: 900 });
    const served = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === `/cm-api/api/conversations/${setup.id}/media` && url.searchParams.get('mediatype') === 'video';
    });
    await openVersion(page, setup.id, subtitleId);
    const video = page.getByTestId('media-video');
    await expect(video).toBeVisible();
    await expect(page.getByTestId('media-audio')).toHaveCount(0);
    // The server's video, as uploaded (a file browsers play needs no rendition), decoded by the browser.
    const response = await served;
    expect([200, 206]).toContain(response.status());
    expect(response.headers()['content-type']).toBe('video/mp4');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => ({ ready: element.readyState >= 1, width: element.videoWidth, height: element.videoHeight })), {
        timeout: LOAD_TIMEOUT,
      })
      .toEqual({ ready: true, ...VIDEO_SIZE });
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(VIDEO_SECONDS, 0);

    // Listening from a screen seeks the picture and puts the screen's text over it.
    const last = screenList.length - 1;
    await page.getByRole('button', { name: new RegExp(`^Screen ${last + 1}, from`) }).click();
    await expect(page.getByTestId('video-overlay')).toHaveText(shown(screenList[last]!));
    await expect(screens(page).nth(last)).toHaveAttribute('data-playing', 'true');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(screenList[last]!.start, 1);
    await page.getByRole('button', { name: /^Screen 1, from/ }).click();
    await expect(page.getByTestId('video-overlay')).toHaveText(shown(screenList[0]!));
    await expect(screens(page).nth(0)).toHaveAttribute('data-playing', 'true');

    // It plays: the picture moves on, and the text follows it to the next screen.
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByTestId('video-overlay')).toHaveText(shown(screenList[1]!), { timeout: LOAD_TIMEOUT });
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(paused).toBeGreaterThanOrEqual(screenList[1]!.start);
    await page.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-video-en-US.png` });
    await narrowScreenshot(page, 'subtitle-editor-video-narrow-en-US.png');

    // The player's keys move the picture and its text: past the last screen, nothing is written.
    await page.getByRole('slider', { name: 'Position' }).focus();
    await page.keyboard.press('Control+ArrowRight');
    await expect(page.getByTestId('video-overlay')).toHaveCount(0);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(screenList[last]!.end);
  });

  test('the screens burned into the video from the panel under the player, with progress, downloaded and checked', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await signInBrowser(page.context(), baseURL!, setup.owner.tokens, setup.organizationId);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openVersion(page, setup.id, subtitleId);
    const panel = page.getByTestId('burn-export');
    await expect(panel.getByRole('heading', { name: 'Video with burned-in subtitles' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Download the video (MP4)' })).toHaveCount(0);

    await recordBurnStates(page);
    await panel.getByRole('button', { name: 'Burn subtitles into the video' }).click();
    await expect(panel.getByRole('status')).toHaveText(/^The video is ready \(made on .+\)\.$/, { timeout: 180_000 });
    // On the way, the panel said where the burn stood, with a named bar.
    const states = await burnStates(page);
    expect(
      states.some((state) => /^(Waiting for a free worker…|Burning the subtitles in… \d+ %) \| bar \d+ named "(Waiting|Burning)/.test(state)),
      states.join('\n'),
    ).toBe(true);
    expect(states.at(-1)).toMatch(/^The video is ready/);
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    await expect(panel.getByText('The video holds the screens as they were when it was made: burn again after editing them.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Burn again' })).toBeVisible();

    await panel.getByRole('button', { name: 'Burn again' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/subtitle-burn-done-en-US.png` });
    await panel.screenshot({ path: `${SCREENSHOTS}/subtitle-burn-panel-done-en-US.png` });
    await narrowScreenshot(page, 'subtitle-burn-done-narrow-en-US.png');

    // The file, through the panel's link: H.264 at the source's size and length, with its sound.
    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Download the video (MP4)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Inaugural address - Cinema.mp4');
    const burned = (await file.path())!;
    const info = probeVideo(burned);
    expect(info.video).toEqual({ codec: 'h264', ...VIDEO_SIZE });
    expect(info.audioCodecs).toEqual(['aac']);
    expect(Math.abs(info.durationSeconds - VIDEO_SECONDS)).toBeLessThan(0.5);

    // During a screen the bottom of the picture holds its text; past the last screen it is the source's.
    const source = fixtureVideo();
    for (const screen of screenList.slice(0, 2)) {
      const during = (screen.start + screen.end) / 2;
      expect(changedPixels(bottomThird(source, during), bottomThird(burned, during)), `screen at ${during} s`).toBeGreaterThan(200);
    }
    expect(changedPixels(bottomThird(source, VIDEO_SECONDS - 0.5), bottomThird(burned, VIDEO_SECONDS - 0.5))).toBe(0);
  });

  test('the burn panel in French, within reach beside a long list of screens', async ({ api, browser, baseURL }) => {
    // Screens of a few words: a list much longer than the window.
    const short = await api.send<{ _id: string; screenList: Screen[] }>(
      'POST',
      `/cm-api/api/conversations/${setup.id}/subtitles`,
      { name: 'Short lines', settings: { maxCharsPerLine: 10, maxLinesPerScreen: 1, splitMode: 'none' } },
      setup.owner.tokens.auth_token,
    );
    expect(short.screenList.length).toBeGreaterThanOrEqual(10);
    const french = await signedInPage(browser, baseURL!, setup.owner, setup.organizationId, 'fr-FR');
    try {
      const page = french.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await openVersion(page, setup.id, subtitleId);
      const panel = page.getByTestId('burn-export');
      await expect(panel.getByRole('heading', { name: 'Vidéo avec sous-titres incrustés' })).toBeVisible();
      await expect(panel.getByRole('status')).toHaveText(/^La vidéo est prête \(créée le .+\)\.$/);
      await expect(panel.getByText('La vidéo contient les écrans tels qu’ils étaient lors de sa création : incrustez à nouveau après les avoir modifiés.')).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Télécharger la vidéo (MP4)' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Incruster à nouveau' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Vidéo avec les sous-titres' })).toBeVisible();
      await panel.screenshot({ path: `${SCREENSHOTS}/subtitle-burn-panel-done-fr-FR.png` });

      // Another version, never burned: the panel offers a burn, and beside the middle of the list its
      // button is reached without leaving the screen being read (the column scrolls on its own).
      await openVersion(page, setup.id, short._id);
      const burn = panel.getByRole('button', { name: 'Incruster les sous-titres dans la vidéo' });
      await expect(burn).toBeVisible();
      // Halfway down the page, a screen in the lower half of the window is the one being read.
      await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
      const reading = await page.evaluate(() => {
        const rows = [...document.querySelectorAll('[data-screen-index]')].map((row) => ({ index: row.getAttribute('data-screen-index'), box: row.getBoundingClientRect() }));
        return rows.find(({ box }) => box.top > window.innerHeight / 2 && box.bottom < window.innerHeight)?.index;
      });
      expect(reading, 'a screen in the lower half of the window').toBeTruthy();
      const middle = page.locator(`[data-screen-index="${reading}"]`);
      await burn.focus();
      await expect(burn).toBeInViewport({ ratio: 1 });
      await expect(middle).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-video-long-fr-FR.png` });
    } finally {
      await french.context.close();
    }
  });
});
