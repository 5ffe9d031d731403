/**
 * The subtitle pages in Chromium: a version generated through the form (its field errors first),
 * its screens; a screen's text edited and kept across a reload; split at the caret and merged back;
 * a merge refused with the rule's words; undo; live warnings and the way to the next problem; a
 * screen's end moved from the keyboard; the SubRip file holding the edited text; copy, then several
 * versions deleted at once. A reader sees both pages read-only; two writers editing the same version
 * converge; French. A video media shows the playing screen over the picture. Screenshots of both
 * pages, wide and narrow.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RIGHT_LEVELS } from '@palabre/shared';
import type { Browser, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api, type SignedInAccount } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const LOAD_TIMEOUT = 30_000;

function turn(id: string, speaker: string, text: string, start: number) {
  const words = text.split(' ').map((word, i) => ({ wid: `${id}-w${i}`, stime: start + i * 0.5, etime: start + i * 0.5 + 0.4, word, confidence: 0.9 }));
  return { turn_id: id, speaker_id: speaker, segment: text, stime: start, etime: words.at(-1)!.etime, words };
}

const SPEAKERS = [
  { speaker_id: 'alice', speaker_name: 'Alice' },
  { speaker_id: 'bob', speaker_name: 'Bob' },
];
const TEXT = [
  turn('t1', 'alice', 'Good evening and welcome to the show', 0),
  turn('t2', 'bob', 'Thank you for having me here tonight', 5),
  turn('t3', 'alice', 'Let us begin with the news', 10),
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
  // Local updates are sent at most every 50 ms: by then the last one is on its way.
  await page.waitForTimeout(150);
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
  // The drawer has slid in.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-help-en-US.png` });
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
    // A version made meanwhile appears without a reload.
    await createVersion(api, setup, 'Festival');
    await expect(readerPage.getByRole('link', { name: 'Festival' })).toBeVisible();
    // The transcript moves on: both versions say so.
    const edited = [turn('t1', 'alice', 'Good evening everyone', 0), ...TEXT.slice(1)];
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

test('a video media plays beside its screens, the playing screen written over the picture', async ({ page, api, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 90_000);
  const setup = await mediaWithTranscript(api, 'subtitles-video');
  const subtitleId = await createVersion(api, setup, 'Cinema');
  // A 20 s picture (WebM) stands for the media's video track, as GET …/media?mediatype=video serves it.
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-video-')), 'picture.webm');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=navy:s=320x180:d=20:r=10', '-c:v', 'libvpx', '-b:v', '50k', video]);
  await page.route(
    (url) => url.pathname === `/cm-api/api/conversations/${setup.id}`,
    async (route) => {
      const response = await route.fetch();
      const media = (await response.json()) as { media: { video: boolean } };
      await route.fulfill({ response, json: { ...media, media: { ...media.media, video: true } } });
    },
  );
  await page.route(
    (url) => url.pathname === `/cm-api/api/conversations/${setup.id}/media` && url.searchParams.get('mediatype') === 'video',
    // With HTTP Range, as the server streams media: the browser seeks in the picture.
    (route) => {
      const bytes = fs.readFileSync(video);
      const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '');
      if (!range) return route.fulfill({ body: bytes, contentType: 'video/webm', headers: { 'accept-ranges': 'bytes' } });
      const from = Number(range[1]);
      const to = range[2] ? Number(range[2]) : bytes.length - 1;
      return route.fulfill({
        status: 206,
        body: bytes.subarray(from, to + 1),
        contentType: 'video/webm',
        headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${from}-${to}/${bytes.length}` },
      });
    },
  );
  await signInBrowser(page.context(), baseURL!, setup.owner.tokens, setup.organizationId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openVersion(page, setup.id, subtitleId);
  await expect(page.getByTestId('media-video')).toBeVisible();
  await expect(page.getByTestId('media-audio')).toHaveCount(0);
  await expect.poll(() => page.getByTestId('media-video').evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('video-overlay')).toHaveText('Good evening and welcome to the show');

  // Listening from a screen puts its text over the picture.
  await page.getByRole('button', { name: /^Screen 3, from 0:10.00/ }).click();
  await expect(page.getByTestId('video-overlay')).toHaveText('Let us begin with the news');
  await expect(screens(page).nth(2)).toHaveAttribute('data-playing', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}/subtitle-editor-video-en-US.png` });
  await page.getByRole('button', { name: /^Screen 2, from/ }).click();
  await expect(page.getByTestId('video-overlay')).toHaveText('Thank you for having me here tonight');
  // The player's keys move the picture and its text: 3 s back is screen 1, past the last screen nothing.
  await page.getByRole('slider', { name: 'Position' }).focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('video-overlay')).toHaveText('Good evening and welcome to the show');
  await page.keyboard.press('Control+ArrowRight');
  await expect(page.getByTestId('video-overlay')).toHaveCount(0);
});
