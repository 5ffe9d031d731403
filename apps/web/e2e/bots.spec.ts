/**
 * Videoconference bots in Chromium: the create page's videoconference tab checks a meeting's address
 * as it is typed (the service recognised, an address that is not a meeting's refused in the product's
 * words, nothing sent), in English and French; an address the server's outbound policy refuses is
 * shown on its field, from the tab (the meeting started, its bot refused) and from a running
 * session's settings. Last, the whole path on a server that may reach the loopback range: a bot sent
 * from a session's settings into a loopback meeting where a speaker plays speech joins it ("In call"),
 * its captions reach the live page, and it leaves when told to ("Left").
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { Api, newAccount, signInBrowser, uniqueName, type SignedInAccount } from './support/api.ts';
import { REPO_ROOT } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { FIXTURE } from './support/media.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';
import { SCREENSHOTS, wideAndNarrowScreenshots } from './support/ui.ts';

const CHROMIUM = process.env.PALABRE_E2E_CHROMIUM ?? '/usr/bin/chromium';
/** The create and settings pages are not made for phones: a narrow window above the phone limit. */

type Locale = 'en-US' | 'fr-FR';

const TEXT = {
  'en-US': {
    address: 'Meeting address',
    invalid: 'This videoconference address is not valid: paste the https link of the meeting',
    required: 'This field is required',
    generic: 'Other page (generic)',
    start: 'Start',
    add: 'Add a bot',
    send: 'Send the bot',
  },
  'fr-FR': {
    address: 'Adresse de la réunion',
    invalid: "Cette adresse de visioconférence n'est pas valide : collez le lien https de la réunion",
    required: 'Ce champ est obligatoire',
    generic: 'Autre page (générique)',
    start: 'Démarrer',
    add: 'Ajouter un robot',
    send: 'Envoyer le robot',
  },
} as const;

/** An owner, their organization, and a profile of it offered for quick meetings (English and French, translated to German). */
async function ownerWithProfile(api: Api, prefix: string) {
  const owner = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(`${prefix} org`));
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    {
      name: 'Meeting ASR',
      type: 'openai',
      languages: ['en', 'fr'],
      translations: ['de'],
      quickMeeting: true,
      organizationId: organization._id,
      config: { endpoint: 'https://asr.example.org/v1' },
    },
    owner.tokens.auth_token,
  );
  return { owner, organizationId: organization._id, profileId: profile._id };
}

async function openAs(browser: Browser, api: Api, baseURL: string, clientIp: string, account: SignedInAccount, organizationId: string, locale: Locale = 'en-US') {
  await api.send('PUT', '/cm-api/api/users/self', { locale }, account.tokens.auth_token);
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1280, height: 900 } });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  return { context, page: await context.newPage() };
}

/** The page wide and narrow, named for this spec. */
async function screenshots(page: Page, name: string) {
  await wideAndNarrowScreenshots(page, `bots-${name}`);
}

/** A started session of one channel (English, translated to German) with the given profile. */
async function startedSession(api: Api, owner: SignedInAccount, organizationId: string, profileId: string) {
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organizationId}/sessions`,
    { name: uniqueName('Council'), channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'], translations: ['de'] }] },
    owner.tokens.auth_token,
  );
  await api.send('PUT', `/cm-api/api/organizations/${organizationId}/sessions/${session._id}/start`, {}, owner.tokens.auth_token);
  return session._id;
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  test(`the videoconference tab checks the meeting address as it is typed (${locale})`, async ({ browser, api, baseURL, clientIp }) => {
    const text = TEXT[locale];
    const { owner, organizationId } = await ownerWithProfile(api, `bots-tab-${locale}`);
    const { context, page } = await openAs(browser, api, baseURL!, clientIp, owner, organizationId, locale);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/(quickMeeting|bots)\/?(\?|$)/.test(new URL(request.url()).pathname)) sent.push(request.url());
    });

    await page.goto('/interface/conversations/create?tab=videoconference');
    const address = page.getByRole('textbox', { name: text.address });
    await expect(address).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).not.toContainText(/coming soon|bientôt/i);

    // Nothing said while the address is being typed; once left, an address that is not a meeting's is refused.
    await address.fill('meet.jit.si/CouncilWeekly');
    await expect(page.getByText(text.invalid)).toHaveCount(0);
    await address.press('Tab');
    await expect(page.getByText(text.invalid)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    // Each service is named as soon as the address is a meeting's.
    const service = page.getByTestId('meeting-service');
    await address.fill('https://meet.jit.si/CouncilWeekly');
    await expect(page.getByText(text.invalid)).toHaveCount(0);
    await expect(service).toHaveText('Jitsi Meet');
    await address.fill('https://bbb.example.org/b/ada-x2k-9qe');
    await expect(service).toHaveText('BigBlueButton');
    await address.fill('https://events.example.org/live/42');
    await expect(service).toHaveText(text.generic);
    await screenshots(page, `tab-${locale}`);

    // Sent empty, then with a credentials address: refused here, nothing reaches the server.
    await address.fill('');
    await page.getByRole('button', { name: text.start }).click();
    await expect(page.getByText(text.required)).toBeVisible();
    await address.fill('https://ada:secret@meet.jit.si/CouncilWeekly');
    await page.getByRole('button', { name: text.start }).click();
    await expect(page.getByText(text.invalid)).toBeVisible();
    await expect(service).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/bots-tab-invalid-${locale}.png`, fullPage: true });
    expect(sent).toEqual([]);
    await context.close();
  });
}

test('an address the server refuses is shown on its field, from the tab and from a session', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { owner, organizationId, profileId } = await ownerWithProfile(api, 'bots-refused');

  // From a running session's settings, in French (first: once the tab's meeting runs, a new page is
  // offered to restore it).
  const sessionId = await startedSession(api, owner, organizationId, profileId);
  const french = await openAs(browser, api, baseURL!, clientIp, owner, organizationId, 'fr-FR');
  await french.page.goto(`/interface/${organizationId}/sessions/${sessionId}/settings`);
  const bots = french.page.getByRole('region', { name: 'Floor' });
  await expect(bots.getByText("Aucun robot n'a rejoint de visioconférence pour ce canal.")).toBeVisible();
  await bots.getByRole('button', { name: TEXT['fr-FR'].add }).click();
  const form = french.page.getByRole('form', { name: /Envoyer un robot dans une visioconférence pour Floor/ });
  await expect(form.getByRole('textbox', { name: 'Langue des sous-titres' })).toHaveValue('Anglais');
  await form.getByRole('textbox', { name: TEXT['fr-FR'].address }).fill('https://10.0.0.1/room');
  await form.getByRole('button', { name: TEXT['fr-FR'].send }).click();
  await expect(form.getByText(TEXT['fr-FR'].invalid)).toBeVisible();
  await screenshots(french.page, 'settings-refused-fr');
  await french.context.close();

  // From the tab: the meeting starts, its bot is refused on the address; it can be sent again or left out.
  const { context, page } = await openAs(browser, api, baseURL!, clientIp, owner, organizationId);
  await page.goto('/interface/conversations/create?tab=videoconference');
  const address = page.getByRole('textbox', { name: TEXT['en-US'].address });
  await address.fill('https://10.0.0.1/room');
  await expect(page.getByTestId('meeting-service')).toHaveText(TEXT['en-US'].generic);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText(TEXT['en-US'].invalid)).toBeVisible();
  await expect(page.getByText('The meeting has started, but its bot could not join')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Transcriber profile' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/bots-tab-refused-wide.png`, fullPage: true });
  await page.getByRole('button', { name: 'Open the meeting without a bot' }).click();
  // The meeting's live step (not the restore step): its bots' panel, where one can be sent again.
  await expect(page).toHaveURL(new RegExp(`/interface/${organizationId}/quick-session`));
  const panel = page.getByRole('region', { name: 'Videoconference bots' });
  await expect(panel.getByText('No bot has joined a videoconference for this channel.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add a bot' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('button', { name: 'Add a bot' }).click();
  await expect(panel.getByRole('textbox', { name: 'Meeting address' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/bots-quick-live-phone.png`, fullPage: true });
  await context.close();
});

/** The server tests' loopback meeting: a page on 127.0.0.1 where a speaker's Chromium plays a WAV file as its microphone. */
interface LoopbackMeeting {
  url: string;
  close(): Promise<void>;
}

async function startLoopbackMeeting(): Promise<LoopbackMeeting> {
  const harness = pathToFileURL(path.join(REPO_ROOT, 'apps/server/test/harness/loopback-meeting.ts')).href;
  const { startLoopbackMeeting: start } = (await import(harness)) as { startLoopbackMeeting: (options: { speakerWav: string; chromiumPath?: string }) => Promise<LoopbackMeeting> };
  return start({ speakerWav: FIXTURE, chromiumPath: CHROMIUM });
}

test.describe('on a server that may reach the loopback range', () => {
  // Bots may join pages on 127.0.0.1 on this server only: the run's server keeps refusing them.
  let server: E2eServer | null = null;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    // The processor bound is loose: the test's own browsers share this machine's cores with the bot.
    server = await startE2eServer({ OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8', BOT_CPU_PERCENT: '1000' });
  });
  test.afterAll(async () => {
    await server?.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
  });

  test('a bot joins a meeting, its captions reach the live page, and it leaves when told to', async ({ browser, clientIp }) => {
    test.setTimeout(240_000);
    const baseURL = server!.baseURL;
    const api = await Api.create(baseURL, clientIp);
    const meeting = await startLoopbackMeeting();
    try {
      const owner = await api.signUp(newAccount('bots-call'));
      const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('bots-call org'));
      const profiles = await api.get<{ list: Array<{ _id: string; type: string }> }>(`/cm-api/api/organizations/${organization._id}/transcriber_profiles`, owner.tokens.auth_token);
      const pocketsphinx = profiles.list.find((profile) => profile.type === 'pocketsphinx')!;
      const session = await api.send<{ _id: string }>(
        'POST',
        `/cm-api/api/organizations/${organization._id}/sessions`,
        { name: uniqueName('Call'), channels: [{ name: 'Floor', transcriberProfileId: pocketsphinx._id, languages: ['en'] }] },
        owner.tokens.auth_token,
      );
      await api.send('PUT', `/cm-api/api/organizations/${organization._id}/sessions/${session._id}/start`, {}, owner.tokens.auth_token);
      const { context, page } = await openAs(browser, api, baseURL, clientIp, owner, organization._id);

      await page.goto(`/interface/${organization._id}/sessions/${session._id}/settings`);
      const floor = page.getByRole('region', { name: 'Floor' });
      await floor.getByRole('button', { name: 'Add a bot' }).click();
      const form = page.getByRole('form', { name: 'Send a bot into a videoconference for Floor' });
      await form.getByRole('textbox', { name: 'Meeting address' }).fill(meeting.url);
      await expect(form.getByTestId('meeting-service')).toHaveText('Other page (generic)');
      await form.getByRole('button', { name: 'Send the bot' }).click();
      await expect(form).toHaveCount(0);
      const bot = floor.getByRole('listitem').filter({ hasText: meeting.url });
      await expect(bot).toBeVisible();
      // Joining, then in the call once the page is open and its sound reaches the bot (the notices say so).
      await expect(bot.getByText('In call', { exact: true })).toBeVisible({ timeout: 90_000 });
      await page.screenshot({ path: `${SCREENSHOTS}/bots-in-call-wide.png`, fullPage: true });

      // The call's speech becomes captions on the session's live page.
      const live = await context.newPage();
      await live.goto(`/interface/${organization._id}/sessions/${session._id}`);
      const finals = live.getByRole('region', { name: 'Live captions' }).locator('[aria-live] p[lang="en"]');
      await expect(finals.first()).not.toBeEmpty({ timeout: 120_000 });
      await live.screenshot({ path: `${SCREENSHOTS}/bots-captions-wide.png`, fullPage: true });
      await live.close();

      await page.bringToFront();
      await bot.getByRole('button', { name: 'Make it leave' }).click();
      await expect(bot.getByText('Left', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(bot.getByText('The session ended or the bot was asked to leave.')).toBeVisible();
      await expect(bot.getByRole('button', { name: 'Make it leave' })).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOTS}/bots-left-wide.png`, fullPage: true });
      await context.close();
    } finally {
      await meeting.close();
      await api.dispose();
    }
  });
});
