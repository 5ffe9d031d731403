/**
 * A live session end to end in Chromium, from an encoder, in English and in French: the owner saves a
 * template (public, anonymous viewers, a watermark, one English channel on PocketSphinx translated to
 * French by Apertium), creates the session from it on the create page and starts it from its settings
 * page, reads the channel's RTMP address there and sends speech to it with ffmpeg. An anonymous viewer
 * on a phone follows the captions as they come (the utterance in progress first, then its final), then
 * in French; a French-speaking viewer on a wide screen follows the translation from the start, in full
 * screen too. Stopped, the session is saved to the library: the media, found by its name, has the words
 * heard and their audio. Stopping while an encoder still sends asks first, then cuts the stream.
 */
import type { Locator, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { LOCALES, mediaAudio, tr, type Locale } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { anonymousPage, pocketsphinxProfile, sendOverRtmp } from './support/live.ts';
import { FIXTURE } from './support/media.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const DESKTOP = { width: 1280, height: 900 };
/** Words of the recording (PocketSphinx hears most of them), and their French by Apertium. */
const JFK_WORDS = /\b(country|americans|fellow|ask|do for you)\b/i;
const JFK_FRENCH = /\b(pays|américains|amis|demande|faire)\b/i;

/** The announced captions (the finals), and their lines in a language (a translation not yet there keeps the spoken one). */
const announced = (page: Page): Locator => page.locator('[role="region"] > [aria-live]');
const finals = (page: Page, language: string): Locator => announced(page).locator(`p[lang="${language}"]`);
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A language as the live page offers it in a locale: its name, capitalised. */
function languageChoice(locale: Locale, code: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

interface CaptionsSeen {
  /** When the utterance in progress was first shown (ms since the watch began), and its language. */
  partialAt: number | null;
  partialLanguage: string | null;
  /** Whether it was shown outside the announced finals. */
  partialAnnounced: boolean | null;
  /** When the first final was shown. */
  finalAt: number | null;
}

/** Records when the captions region first shows a partial and a final, however briefly the partial stays. */
async function watchCaptions(page: Page): Promise<() => Promise<CaptionsSeen>> {
  await page.evaluate(() => {
    const start = performance.now();
    const seen = { partialAt: null, partialLanguage: null, partialAnnounced: null, finalAt: null } as Record<string, unknown>;
    (window as unknown as { captionsSeen: unknown }).captionsSeen = seen;
    const check = () => {
      const partial = document.querySelector<HTMLElement>('[role="region"] [data-testid="live-partial"]');
      if (seen.partialAt === null && partial && (partial.textContent ?? '').trim() !== '') {
        seen.partialAt = performance.now() - start;
        seen.partialLanguage = partial.lang;
        seen.partialAnnounced = partial.closest('[aria-live]') !== null;
      }
      const final = document.querySelector('[role="region"] > [aria-live] > p');
      if (seen.finalAt === null && final && (final.textContent ?? '').trim() !== '') seen.finalAt = performance.now() - start;
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { captionsSeen: CaptionsSeen }).captionsSeen);
}

for (const locale of LOCALES) {
  test(`speech sent over RTMP into a session made from a template becomes live captions and their French for anonymous viewers, then a media of the library (${locale})`, async ({
    browser,
    api,
    baseURL,
    clientIp,
  }) => {
    test.setTimeout(300_000);
    const owner = await api.signUp(newAccount('live-rtmp'));
    const token = owner.tokens.auth_token;
    await api.send('PUT', '/cm-api/api/users/self', { locale }, token);
    const organization = await api.createOrganization(token, uniqueName('live-rtmp org'));
    const profileId = await pocketsphinxProfile(api, token, organization._id, ['fr']);
    const template = uniqueName('Addresses');
    await api.send(
      'POST',
      `/cm-api/api/organizations/${organization._id}/templates`,
      {
        name: template,
        visibility: 'public',
        anonymousAccess: true,
        watermark: { enabled: true, text: 'Palabre live', frequency: 600, duration: 10, pinned: true },
        channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'], translations: ['fr'] }],
      },
      token,
    );
    const name = uniqueName('Inaugural address');

    // The owner creates the session from the template, lands on its settings and starts it there.
    const operator = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: DESKTOP });
    await signInBrowser(operator, baseURL!, owner.tokens, organization._id);
    await operator.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
    const settings = await operator.newPage();
    await settings.goto('/interface/sessions/create');
    await expect(settings.getByRole('heading', { name: tr(locale, 'sessions:create.title') })).toBeVisible();
    await settings.getByRole('textbox', { name: tr(locale, 'sessions:templates.label'), exact: true }).click();
    await settings.getByRole('option', { name: template, exact: true }).click();
    await settings.getByRole('button', { name: tr(locale, 'sessions:templates.apply') }).click();
    const channel = settings.getByRole('group', { name: tr(locale, 'sessions:form.channel', { number: 1 }) });
    await expect(channel.getByRole('textbox', { name: tr(locale, 'sessions:form.channelName') })).toHaveValue('Floor');
    await settings.getByRole('textbox', { name: tr(locale, 'sessions:form.name'), exact: true }).fill(name);
    await settings.getByRole('button', { name: tr(locale, 'sessions:create.submit') }).click();
    await expect(settings).toHaveURL(new RegExp(`/interface/${organization._id}/sessions/[^/]+/settings$`));
    await expect(settings.getByRole('heading', { name, level: 1 })).toBeVisible();
    const livePath = new URL(settings.url()).pathname.replace(/\/settings$/, '');

    await settings.getByRole('button', { name: tr(locale, 'sessions:settings.start') }).click();
    const floor = settings.getByRole('group', { name: 'Floor' });
    const rtmp = floor.getByRole('textbox', { name: tr(locale, 'sessions:ingest.rtmp') });
    await expect(rtmp).toHaveAttribute('type', 'password');
    await floor.getByRole('button', { name: tr(locale, 'sessions:settings.revealKey', { name: 'Floor' }) }).click();
    await expect(rtmp).toHaveValue(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/[A-Za-z0-9_-]{40,}$/);
    await expect(floor.getByRole('button', { name: tr(locale, 'sessions:ingest.copy', { protocol: 'RTMP', name: 'Floor' }) })).toBeVisible();
    await expect(floor.getByText(tr(locale, 'sessions:ingest.stream.inactive'))).toBeVisible();
    await settings.screenshot({ path: `${SCREENSHOTS}/live-stream-settings-${locale}.png`, fullPage: true });
    const address = await rtmp.inputValue();

    // Two anonymous viewers: a phone in the test's language, and a French wide screen showing the French captions.
    const { context: phoneContext, page: phone } = await anonymousPage(browser, baseURL!, clientIp, { locale });
    const { context: wideContext, page: wide } = await anonymousPage(browser, baseURL!, clientIp, { locale: 'fr-FR', viewport: DESKTOP });
    await phone.goto(livePath);
    await expect(phone.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(phone.getByText(tr(locale, 'live:captions.waiting'))).toBeVisible();
    const captionsSeen = await watchCaptions(phone);
    await wide.goto(livePath);
    await expect(wide.getByRole('heading', { name, level: 1 })).toBeVisible();
    await wide.getByRole('textbox', { name: tr('fr-FR', 'live:language.label') }).click();
    await wide.getByRole('option', { name: languageChoice('fr-FR', 'fr') }).click();

    const encoder = sendOverRtmp(FIXTURE, address);
    try {
      await expect(floor.getByText(tr(locale, 'sessions:ingest.stream.active'))).toBeVisible({ timeout: 15_000 });
      // The captions grow as the speech comes: the utterance in progress (not announced), then a first final, then JFK's words.
      await expect(finals(phone, 'en').first()).not.toBeEmpty({ timeout: 90_000 });
      const seen = await captionsSeen();
      expect(seen.partialAt, 'a partial caption shown').not.toBeNull();
      expect(seen.partialAt!).toBeLessThan(seen.finalAt!);
      expect(seen.partialLanguage).toBe('en');
      expect(seen.partialAnnounced).toBe(false);
      await expect(announced(phone)).toContainText(JFK_WORDS, { timeout: 60_000 });
      expect(await noHorizontalScroll(phone)).toBe(true);
      await phone.screenshot({ path: `${SCREENSHOTS}/live-stream-phone-${locale}.png` });

      const language = phone.getByRole('textbox', { name: tr(locale, 'live:language.label') });
      await language.click();
      await phone.getByRole('option', { name: languageChoice(locale, 'fr') }).click();
      await expect(language).toHaveValue(languageChoice(locale, 'fr'));
      await expect(finals(phone, 'fr').first()).toBeVisible({ timeout: 30_000 });
      await expect(announced(phone)).toContainText(JFK_FRENCH, { timeout: 30_000 });
      expect(await noHorizontalScroll(phone)).toBe(true);
      await phone.screenshot({ path: `${SCREENSHOTS}/live-stream-phone-${locale}-fr.png` });

      await expect(finals(wide, 'fr').first()).not.toBeEmpty({ timeout: 30_000 });
      await wide.screenshot({ path: `${SCREENSHOTS}/live-stream-wide-fr-${locale}.png` });
      await wide.getByRole('button', { name: tr('fr-FR', 'live:captions.fullscreen') }).click();
      await expect.poll(() => wide.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      await wide.screenshot({ path: `${SCREENSHOTS}/live-stream-wide-fullscreen-${locale}.png` });
      await wide
        .locator(':fullscreen')
        .getByRole('button', { name: tr('fr-FR', 'live:captions.exitFullscreen') })
        .click();
      await expect.poll(() => wide.evaluate(() => document.fullscreenElement)).toBeNull();

      // The whole recording sent, the channel's stream ends with it.
      expect(await encoder.ended).toBe(0);
    } finally {
      encoder.stop();
    }
    await expect(floor.getByText(tr(locale, 'sessions:ingest.stream.inactive'))).toBeVisible({ timeout: 20_000 });

    // Stopped: the live page says so, and the session becomes a media of the owner's library.
    await settings.getByRole('button', { name: tr(locale, 'sessions:settings.stop'), exact: true }).click();
    await expect(settings.getByText(tr(locale, 'sessions:status.terminated'), { exact: true })).toBeVisible();
    await expect(phone.getByText(tr(locale, 'live:ended.title'))).toBeVisible({ timeout: 20_000 });
    await phoneContext.close();
    await wideContext.close();

    const library = settings;
    const media = library.getByRole('table', { name: tr(locale, 'explore:table') }).getByRole('link', { name, exact: true });
    await expect
      .poll(
        async () => {
          await library.goto('/interface/explore');
          // The listing arrives after the page loads (and after the language's texts in French).
          return media.waitFor({ state: 'visible', timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        // The save is a job: on a busy machine it waits behind the other tests' media.
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe(true);
    await media.click();
    await expect(library).toHaveURL(/\/interface\/conversations\/[^/]+$/);
    await library.goto(`${new URL(library.url()).pathname}/transcription`);
    await expect(library.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(library.locator('[data-turn-text]').first()).toBeVisible();
    await expect.poll(async () => (await library.locator('[data-turn-text]').allTextContents()).join(' ')).toMatch(JFK_WORDS);
    // Its audio: the recording's length, and it plays.
    await expect.poll(() => mediaAudio(library).evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 15_000 }).toBeGreaterThan(10);
    expect(await mediaAudio(library).evaluate((audio: HTMLAudioElement) => audio.duration)).toBeLessThan(13);
    await library
      .getByRole('button', { name: new RegExp(`^${tr(locale, 'editor:turn.playFrom', { time: '' })}`) })
      .first()
      .click();
    await expect.poll(() => mediaAudio(library).evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await library.screenshot({ path: `${SCREENSHOTS}/live-stream-saved-media-${locale}.png` });
    await operator.close();
  });
}

test('stopping while an encoder still sends asks first, then cuts the stream', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const owner = await api.signUp(newAccount('live-force'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('live-force org'));
  const profileId = await pocketsphinxProfile(api, owner.tokens.auth_token, organization._id, []);
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organization._id}/sessions`,
    { name: uniqueName('Endless'), channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'] }] },
    owner.tokens.auth_token,
  );
  await api.send('PUT', `/cm-api/api/organizations/${organization._id}/sessions/${session._id}/start`, {}, owner.tokens.auth_token);
  const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: DESKTOP });
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);
  const page = await context.newPage();
  await page.goto(`/interface/${organization._id}/sessions/${session._id}/settings`);
  const floor = page.getByRole('group', { name: 'Floor' });
  await floor.getByRole('button', { name: 'Show the stream key of Floor' }).click();
  const encoder = sendOverRtmp(FIXTURE, await floor.getByRole('textbox', { name: 'RTMP address' }).inputValue(), { loop: true });
  try {
    await expect(floor.getByText('Receiving audio')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'A stream is still being sent' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/live-stream-force-stop.png` });
    await dialog.getByRole('button', { name: 'Stop anyway' }).click();
    await expect(page.getByText('Ended', { exact: true })).toBeVisible();
    // The server cut the encoder's connection: ffmpeg ends by itself.
    await Promise.race([encoder.ended, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    expect(encoder.process.exitCode ?? encoder.process.signalCode).not.toBeNull();
  } finally {
    encoder.stop();
  }
  await context.close();
});
