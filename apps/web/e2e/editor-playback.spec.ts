/**
 * The transcript editor and its player in Chromium, English and French: the playing word is
 * highlighted and followed, scrolling away offers "Back to playback", which follows again; the
 * playback speed (0.5× to 2×) sets the media's rate; the low-confidence switch hides and shows the
 * marks, and an edited word loses its own; the player's keys (play and pause, replay the last
 * seconds, the 3 / 10 / 60 s jumps) work while the caret is in a turn, which keeps its text; and on
 * a multi-track media the channel selector switches the transcript shown.
 */
import type { Page } from '@playwright/test';
import { signInBrowser } from './support/api.ts';
import { caretAt, currentTime, LOCALES, mediaAudio, mediaWithTranscript, openEditor, tr, turnText } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';
import { makeTurn } from './support/transcripts.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';

const SPEAKERS = [
  { speaker_id: 'alice', speaker_name: 'Alice' },
  { speaker_id: 'bob', speaker_name: 'Bob' },
];

/** One short turn a second, `count` of them: far more than a screen holds. */
const everySecond = (count: number) => Array.from({ length: count }, (_, i) => makeTurn(`t${i}`, i % 2 === 0 ? 'alice' : 'bob', `word${i} second${i} third${i}`, i, { step: 0.3 }));

/** The index of the turn holding the highlighted (playing) word, if that word is on screen; else -1. */
function playingOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const word = document.querySelector('[data-turn-text] [data-playing="true"]');
    if (!word) return -1;
    const box = word.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) return -1;
    return Number(word.closest('[data-turn-index]')?.getAttribute('data-turn-index') ?? -1);
  });
}

/** From now on, the page notes the turn of each word highlighted as playing, in order (a highlight may last less than a poll). */
async function recordHighlightedTurns(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { highlightedTurns: string[] }).highlightedTurns = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const word = record.target as Element;
        if (word.getAttribute('data-playing') !== 'true') continue;
        const turn = word.closest('[data-turn-id]')?.getAttribute('data-turn-id');
        if (turn && seen[seen.length - 1] !== turn) seen.push(turn);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-playing'] });
  });
}

const highlightedTurns = (page: Page) => page.evaluate(() => (window as unknown as { highlightedTurns: string[] }).highlightedTurns);

const paused = (page: Page) => mediaAudio(page).evaluate((audio: HTMLAudioElement) => audio.paused);

for (const locale of LOCALES) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`the playing word is followed; scrolled away, "Back to playback" follows it again; the speed sets the rate (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 90_000);
      const { id, owner, organizationId } = await mediaWithTranscript(api, 'follow', locale, { speakers: SPEAKERS, text: everySecond(80) }, { seconds: 82 });
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);

      // Every speed from 0.5× to 2× is the media's rate; 2× stays for what follows.
      const speed = page.getByRole('combobox', { name: tr(locale, 'editorPanels:controls.speed') });
      for (const value of ['0.5', '0.75', '1.25', '1.5', '2']) {
        await speed.selectOption(value);
        await expect.poll(() => mediaAudio(page).evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(Number(value));
      }

      // Playing from the third turn: the playing word is highlighted, then followed past the first screen.
      // At 2× the third turn plays for half a second: the page records each highlight as it happens.
      await recordHighlightedTurns(page);
      await page.getByRole('button', { name: tr(locale, 'editor:turn.playFrom', { time: '0:02' }), exact: true }).click();
      await expect.poll(() => highlightedTurns(page)).not.toEqual([]);
      expect((await highlightedTurns(page))[0]).toBe('t2');
      await expect.poll(() => playingOnScreen(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(14);
      const back = page.getByRole('button', { name: tr(locale, 'editor:follow.back') });
      await expect(back).toHaveCount(0);

      // Scrolling away while it plays: the view stays where the user put it, and the button appears.
      // (A scroll right after one the list made itself counts as the list's: then scroll again.)
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(back).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      // Several turns later, the view has not followed.
      const scrolledAt = await currentTime(page);
      await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(scrolledAt + 3);
      expect(await playingOnScreen(page)).toBe(-1);
      await expect(turnText(page, 't0')).toBeInViewport();
      await page.screenshot({ path: `${SCREENSHOTS}/editor-back-to-playback-${locale}.png` });

      await back.click();
      await expect(back).toHaveCount(0);
      await expect.poll(() => playingOnScreen(page)).toBeGreaterThanOrEqual(14);
      await page.getByRole('button', { name: tr(locale, 'conversations:player.pause'), exact: true }).click();
      await expect.poll(() => paused(page)).toBe(true);

      // The speed is remembered in this browser.
      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(speed).toHaveValue('2');
      await expect.poll(() => mediaAudio(page).evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(2);
    });

    test(`the player's keys work while the caret is in a turn (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const text = [makeTurn('t1', 'alice', 'first words here', 0), makeTurn('t2', 'bob', 'keys while typing', 20), makeTurn('t3', 'alice', 'and the end', 80)];
      const { id, owner, organizationId } = await mediaWithTranscript(api, 'keys', locale, { speakers: SPEAKERS, text }, { seconds: 90 });
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);
      await caretAt(page, 't2', 'keys'.length);
      const at = await currentTime(page);

      // Ctrl+Space plays and pauses.
      await page.keyboard.press('Control+Space');
      await expect.poll(() => paused(page)).toBe(false);
      await page.keyboard.press('Control+Space');
      await expect.poll(() => paused(page)).toBe(true);
      const start = await currentTime(page);
      expect(start).toBeGreaterThanOrEqual(at);

      // The jumps: Shift 3 s, Alt 10 s, Ctrl 60 s, forward and back.
      const jumps: [string, number][] = [
        ['Shift+ArrowRight', 3],
        ['Alt+ArrowRight', 10],
        ['Control+ArrowRight', 60],
        ['Control+ArrowLeft', -60],
        ['Alt+ArrowLeft', -10],
        ['Shift+ArrowLeft', -3],
      ];
      let expected = start;
      for (const [keys, seconds] of jumps) {
        await page.keyboard.press(keys);
        expected += seconds;
        await expect.poll(() => currentTime(page)).toBeCloseTo(expected, 1);
      }

      // Ctrl+Shift+Space replays the last five seconds.
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Shift+ArrowRight');
      await expect.poll(() => currentTime(page)).toBeCloseTo(start + 6, 1);
      await page.keyboard.press('Control+Shift+Space');
      await expect.poll(() => paused(page)).toBe(false);
      const replayed = await currentTime(page);
      expect(replayed).toBeGreaterThanOrEqual(start + 1 - 0.05);
      expect(replayed).toBeLessThan(start + 3);
      await page.keyboard.press('Control+Space');
      await expect.poll(() => paused(page)).toBe(true);

      // All along the caret stayed in the turn and its text did not change; typing still goes there.
      await expect(turnText(page, 't2')).toBeFocused();
      await expect(turnText(page, 't2')).toHaveText('keys while typing');
      await page.keyboard.type('!');
      await expect(turnText(page, 't2')).toHaveText('keys! while typing');
    });

    test(`the low-confidence switch hides and shows the marks; an edited word loses its own (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const unsure = { confidence: (i: number) => (i === 1 ? 0.3 : 0.95) };
      const text = [makeTurn('t1', 'alice', 'The quick brown fox', 0, unsure), makeTurn('t2', 'bob', 'over the lazy dog', 4, unsure)];
      const { id, owner, organizationId } = await mediaWithTranscript(api, 'confidence', locale, { speakers: SPEAKERS, text });
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);
      const word = (turnId: string, index: number) => turnText(page, turnId).locator('span[data-wid]').nth(index);
      const toggle = page.getByRole('switch', { name: tr(locale, 'editorPanels:controls.confidence') });

      await expect(toggle).toBeChecked();
      await expect(word('t1', 1)).toHaveClass(/low/);
      await expect(word('t2', 1)).toHaveClass(/low/);
      await expect(word('t1', 0)).not.toHaveClass(/low/);

      await toggle.uncheck();
      await expect(word('t1', 1)).not.toHaveClass(/low/);
      await expect(word('t2', 1)).not.toHaveClass(/low/);
      await toggle.check();
      await expect(word('t1', 1)).toHaveClass(/low/);

      // "the" becomes "thee": the edited word is no longer unsure; the other mark stays.
      await caretAt(page, 't2', 'over the'.length);
      await page.keyboard.type('e');
      await expect(word('t2', 1)).toHaveText('thee');
      await expect(word('t2', 1)).not.toHaveClass(/low/);
      await expect(word('t1', 1)).toHaveClass(/low/);

      // The choice is kept across a reload, and so is the edit without its mark.
      await toggle.uncheck();
      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(toggle).not.toBeChecked();
      await expect(word('t1', 1)).not.toHaveClass(/low/);
      await toggle.check();
      await expect(word('t1', 1)).toHaveClass(/low/);
      await expect(word('t2', 1)).toHaveText('thee');
      await expect(word('t2', 1)).not.toHaveClass(/low/);
    });

    test(`the channel selector of a multi-track media switches the transcript shown (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(3 * PROCESSING_TIMEOUT + 60_000);
      const parent = await mediaWithTranscript(api, 'channels', locale, { speakers: [SPEAKERS[0]!], text: [makeTurn('t1', 'alice', 'both channels together', 0)] });
      const token = parent.owner.tokens.auth_token;
      const channels: { _id: string; name: string; words: string }[] = [];
      for (const [name, words] of [
        ['Floor', 'spoken on the floor'],
        ['Booth', 'interpreted in the booth'],
      ] as const) {
        const channelId = await createMedia(api, token, parent.organizationId, name, { file: silentWav(20) });
        await api.send('PATCH', `/cm-api/api/conversations/${channelId}`, { speakers: [SPEAKERS[1]!], text: [makeTurn('t1', 'bob', words, 0)] }, token);
        channels.push({ _id: channelId, name, words });
      }
      // A multi-track media comes from a saved live session, whose audio an e2e run cannot stream:
      // the two media are made its channels for the browser (the parent lists them; each names it).
      await page.route(
        (url) => url.pathname === `/cm-api/api/conversations/${parent.id}/child`,
        (route) => route.fulfill({ json: { list: channels.map(({ _id, name }) => ({ _id, name, parent: parent.id })) } }),
      );
      await page.route(
        (url) => channels.some((c) => url.pathname === `/cm-api/api/conversations/${c._id}`) && url.searchParams.get('projection') === 'name,parent',
        async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: { ...((await response.json()) as object), parent: parent.id } });
        },
      );
      await signInBrowser(page.context(), baseURL!, parent.owner.tokens, parent.organizationId);
      await openEditor(page, parent.id);
      await expect(turnText(page, 't1')).toHaveText('both channels together');

      const selector = page.getByRole('combobox', { name: tr(locale, 'editorPanels:controls.channel') });
      await expect(selector).toHaveValue(parent.id);
      await expect(selector.locator('option')).toHaveText(['channels media', 'Floor', 'Booth']);
      await selector.selectOption({ label: 'Booth' });
      await expect(page).toHaveURL(new RegExp(`/conversations/${channels[1]!._id}/transcription$`));
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(turnText(page, 't1')).toHaveText('interpreted in the booth');
      await expect(selector).toHaveValue(channels[1]!._id);
      await expect(selector.locator('option')).toHaveText(['Floor', 'Booth']);
      await page.screenshot({ path: `${SCREENSHOTS}/editor-channels-${locale}.png` });

      await selector.selectOption({ label: 'Floor' });
      await expect(page).toHaveURL(new RegExp(`/conversations/${channels[0]!._id}/transcription$`));
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(turnText(page, 't1')).toHaveText('spoken on the floor');
      await expect(selector).toHaveValue(channels[0]!._id);
    });
  });
}
