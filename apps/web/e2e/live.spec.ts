/**
 * The live page in Chromium: a started public session open to anonymous viewers, on a phone-sized
 * window without an account (its name, channel and language choices, the waiting state, the pinned
 * watermark, a text size remembered across reloads, full-screen captions, no navigation); a scheduled one; one the viewer
 * may not see; its operator's tools (the microphone's level from Chromium's fake device), and the live
 * page link from the list; the settings page's ingest addresses (as the server gives them to operators).
 * Last, the whole chain: the operator's microphone (the fake device fed with
 * speech) through the audio worklet and the ingest WebSocket to PocketSphinx, whose captions reach
 * the operator and an anonymous viewer on a phone.
 */
import { newAccount, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { anonymousPage, PHONE } from './support/live.ts';
import { fakeMicrophoneLaunch } from './support/media.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';

// The operator's microphone is Chromium's fake one, fed with speech; launch options are per file.
test.use({ launchOptions: fakeMicrophoneLaunch() });

async function liveSession(api: Api, prefix: string, settings: Record<string, unknown>) {
  const owner = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(`${prefix} org`));
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Live ASR', type: 'openai', languages: ['en', 'fr'], translations: ['de', 'es'], organizationId: organization._id, config: { endpoint: 'https://asr.example.org/v1' } },
    owner.tokens.auth_token,
  );
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organization._id}/sessions`,
    {
      name: uniqueName(`${prefix} session`),
      channels: [
        { name: 'Floor', transcriberProfileId: profile._id, languages: ['en'], translations: ['de'] },
        { name: 'Booth', transcriberProfileId: profile._id, languages: ['fr'] },
      ],
      ...settings,
    },
    owner.tokens.auth_token,
  );
  const read = await api.get<{ name: string }>(`/cm-api/api/sessions/${session._id}`, owner.tokens.auth_token);
  return { owner, organizationId: organization._id, sessionId: session._id, name: read.name };
}

test('an anonymous viewer follows a started public session on a phone', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { owner, organizationId, sessionId, name } = await liveSession(api, 'live-anon', {
    visibility: 'public',
    anonymousAccess: true,
    watermark: { enabled: true, text: 'Palabre live', frequency: 600, duration: 10, pinned: true },
  });
  await api.send('PUT', `/cm-api/api/organizations/${organizationId}/sessions/${sessionId}/start`, {}, owner.tokens.auth_token);

  const { context, page } = await anonymousPage(browser, baseURL!, clientIp);
  await page.goto(`/interface/${organizationId}/sessions/${sessionId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const channel = page.getByRole('textbox', { name: 'Channel' });
  await expect(channel).toHaveValue('Floor');
  await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('As spoken (English)');
  const captions = page.getByRole('region', { name: 'Live captions' });
  await expect(captions.getByText('Waiting for audio…')).toBeVisible();
  await expect(page.getByTestId('live-watermark')).toHaveText('Palabre live');
  await expect(page.getByRole('button', { name: 'Turn the microphone on' })).toHaveCount(0);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SCREENSHOTS}/live-anonymous-phone.png`, fullPage: true });

  // Another channel, and a translation of the first.
  await channel.click();
  await page.getByRole('option', { name: 'Booth' }).click();
  await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('As spoken (French)');
  await channel.click();
  await page.getByRole('option', { name: 'Floor' }).click();
  await page.getByRole('textbox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'German' }).click();
  await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('German');

  // The text size is remembered in this browser.
  const size = () => captions.evaluate((element) => getComputedStyle(element).fontSize);
  const before = await size();
  await page.getByRole('button', { name: 'Larger text' }).first().click();
  const after = await size();
  expect(parseFloat(after)).toBeGreaterThan(parseFloat(before));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Live captions' })).toBeVisible();
  expect(await size()).toBe(after);

  // Full-screen captions keep their watermark and text size controls, and can be left.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('[data-testid="live-watermark"]')) ?? false)).toBe(true);
  const stage = page.locator(':fullscreen');
  await expect(stage.getByRole('button', { name: 'Larger text' })).toBeVisible();
  await stage.getByRole('button', { name: 'Leave full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await context.close();
});

test('a scheduled session says when it starts; a session the viewer may not see is not found', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const planned = await liveSession(api, 'live-planned', { visibility: 'public', anonymousAccess: true, scheduleOn: new Date(Date.now() + 86_400_000).toISOString() });
  const hidden = await liveSession(api, 'live-hidden', { visibility: 'internal' });
  const { context, page } = await anonymousPage(browser, baseURL!, clientIp);
  await page.goto(`/interface/${planned.organizationId}/sessions/${planned.sessionId}`);
  await expect(page.getByRole('heading', { name: planned.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Not started yet', { exact: true })).toBeVisible();
  await expect(page.getByText(/This session is planned for/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live captions' })).toHaveCount(0);

  await page.goto(`/interface/${hidden.organizationId}/sessions/${hidden.sessionId}`);
  await expect(page.getByRole('heading', { name: 'Session not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', new RegExp(`next=%2Finterface%2F${hidden.organizationId}`));
  await context.close();
});

test('the operator reaches the live page from the list and gets the session controls and the microphone', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { owner, organizationId, sessionId, name } = await liveSession(api, 'live-operator', { visibility: 'internal' });
  const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1280, height: 900 } });
  await signInBrowser(context, baseURL!, owner.tokens, organizationId);
  const page = await context.newPage();
  await page.goto('/interface/sessionsList');
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('link', { name: `Live page of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/interface/${organizationId}/sessions/${sessionId}$`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Not started yet', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('region', { name: 'Live captions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Session settings' })).toBeVisible();

  // The microphone: its audio worklet runs under the page's policy and its level moves.
  await page.getByRole('button', { name: 'Turn the microphone on' }).click();
  await expect(page.getByRole('textbox', { name: 'Input device' })).not.toHaveValue('');
  const meter = page.getByRole('progressbar', { name: 'Level' });
  await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Send to Floor' })).toBeEnabled();
  await page.screenshot({ path: `${SCREENSHOTS}/live-operator.png`, fullPage: true });
  await page.getByRole('button', { name: 'Turn the microphone off' }).click();
  await expect(page.getByRole('button', { name: 'Turn the microphone on' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByText('This session has ended')).toBeVisible();
  await context.close();
});

test('the settings page shows each channel’s ingest addresses, hidden with its key, and its statuses', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { owner, organizationId, sessionId } = await liveSession(api, 'live-addresses', { visibility: 'internal' });
  await api.send('PUT', `/cm-api/api/organizations/${organizationId}/sessions/${sessionId}/start`, {}, owner.tokens.auth_token);
  const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1280, height: 900 } });
  await signInBrowser(context, baseURL!, owner.tokens, organizationId);
  const page = await context.newPage();
  // The addresses as the server gives them to operators: RTMP on, SRT off, on the first channel.
  await page.route(`**/cm-api/api/sessions/${sessionId}?*`, async (route) => {
    const response = await route.fetch();
    const session = (await response.json()) as { channels: Array<{ streamKey: string; endpoints?: unknown }> };
    session.channels.forEach((channel) => {
      channel.endpoints = { rtmp: `rtmp://studio.example:1935/live/${channel.streamKey}`, srt: null, websocket: 'wss://studio.example/cm-api/live/ingest' };
    });
    await route.fulfill({ response, json: session });
  });
  await page.goto(`/interface/${organizationId}/sessions/${sessionId}/settings`);
  const floor = page.getByRole('group', { name: 'Floor' });
  await expect(floor.getByText('No audio')).toBeVisible();
  await expect(floor.getByText('Transcriber idle')).toBeVisible();
  const rtmp = floor.getByRole('textbox', { name: 'RTMP address' });
  await expect(rtmp).toHaveAttribute('type', 'password');
  await expect(floor.getByText('SRT input is off on this server.')).toBeVisible();
  await expect(floor.getByRole('textbox', { name: 'WebSocket address' })).toHaveValue('wss://studio.example/cm-api/live/ingest');
  await expect(floor.getByRole('button', { name: 'Copy the WebSocket address of Floor' })).toBeVisible();
  await floor.getByRole('button', { name: 'Show the stream key of Floor' }).click();
  await expect(rtmp).toHaveAttribute('type', 'text');
  await expect(rtmp).toHaveValue(/^rtmp:\/\/studio\.example:1935\/live\/[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByRole('link', { name: 'Open the live page' })).toHaveAttribute('href', `/interface/${organizationId}/sessions/${sessionId}`);
  await context.close();
});

test('the operator’s microphone becomes captions for an anonymous viewer', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(180_000);
  const owner = await api.signUp(newAccount('live-captions'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('live-captions org'));
  const profiles = await api.get<{ list: Array<{ _id: string; type: string }> }>(`/cm-api/api/organizations/${organization._id}/transcriber_profiles`, owner.tokens.auth_token);
  const pocketsphinx = profiles.list.find((profile) => profile.type === 'pocketsphinx')!;
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organization._id}/sessions`,
    { name: 'Captions', visibility: 'public', anonymousAccess: true, channels: [{ name: 'Floor', transcriberProfileId: pocketsphinx._id, languages: ['en'] }] },
    owner.tokens.auth_token,
  );
  await api.send('PUT', `/cm-api/api/organizations/${organization._id}/sessions/${session._id}/start`, {}, owner.tokens.auth_token);
  const address = `/interface/${organization._id}/sessions/${session._id}`;

  const operator = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1280, height: 900 } });
  await signInBrowser(operator, baseURL!, owner.tokens, organization._id);
  const page = await operator.newPage();
  await page.goto(address);
  await page.getByRole('button', { name: 'Turn the microphone on' }).click();
  await page.getByRole('button', { name: 'Send to Floor' }).click();
  await expect(page.getByText('Sending to Floor')).toBeVisible();

  const { context: anonymous, page: viewer } = await anonymousPage(browser, baseURL!, clientIp);
  await viewer.goto(address);
  await expect(viewer.getByText('Connected', { exact: true })).toBeVisible();
  // Finals are the lines in the announced region; each carries the language heard.
  const finals = (target: typeof page) => target.getByRole('region', { name: 'Live captions' }).locator('[aria-live] p[lang="en"]');
  await expect(finals(viewer).first()).not.toBeEmpty({ timeout: 90_000 });
  await expect(finals(page).first()).toHaveText((await finals(viewer).first().textContent())!);
  await viewer.screenshot({ path: `${SCREENSHOTS}/live-captions-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'Stop sending' }).click();
  await expect(page.getByRole('button', { name: /^Send to Floor$/ })).toBeVisible();
  await operator.close();
  await anonymous.close();
});
