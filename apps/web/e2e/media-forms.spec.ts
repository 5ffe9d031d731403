/**
 * What the media forms say before and after the server answers, in English and in French: the
 * server's field errors under their fields (a fake picture, a refused URL import, a too-long media
 * name); no upload form for a member without the upload right; only the languages the
 * organization's available transcription services transcribe; and a retry with another language
 * and service.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api, type SignedInAccount } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, FIXTURE, PROCESSING_TIMEOUT } from './support/media.ts';
import { joinOrganization } from './support/invitations.ts';

const LOCALES = {
  'en-US': {
    invalidFormat: 'This file format is not supported',
    addressNotAllowed: 'This address is not allowed: the server may not reach it',
    tooLong: 'This text is too long',
    checkForm: 'Error: please check the form',
    name: 'Name',
    url: 'Media URL',
    noRights: 'You are not allowed to upload media in this organization.',
  },
  'fr-FR': {
    invalidFormat: 'Ce format de fichier n’est pas pris en charge',
    addressNotAllowed: 'Cette adresse n’est pas autorisée : le serveur ne peut pas l’atteindre',
    tooLong: 'Ce texte est trop long',
    checkForm: 'Erreur : veuillez vérifier le formulaire',
    name: 'Nom',
    url: 'URL du média',
    noRights: "Vous n'êtes pas autorisé à envoyer des médias dans cette organisation.",
  },
} as const;
type Locale = keyof typeof LOCALES;

async function signedIn(browser: Browser, api: Api, baseURL: string, clientIp: string, locale: Locale, user?: SignedInAccount, organizationId?: string) {
  const account = user ?? (await api.signUp(newAccount('forms')));
  // The account's own language, so that the screens speak it whatever the device says.
  await api.send('PUT', '/cm-api/api/users/self', { locale }, account.tokens.auth_token);
  const organization = organizationId ?? (await api.createOrganization(account.tokens.auth_token, uniqueName('Forms org')))._id;
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  await signInBrowser(context, baseURL, account.tokens, organization);
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  return { account, organizationId: organization, context, page: await context.newPage() };
}

/** An organization transcription service that can run (an OpenAI-compatible server is configured) and transcribes French. */
async function remoteProfile(api: Api, token: string, organizationId: string) {
  return api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Remote ASR', type: 'openai', languages: ['en', 'fr'], organizationId, config: { endpoint: 'https://asr.example.org/v1' } },
    token,
  );
}

const selectOptions = async (page: Page, label: string | RegExp) => {
  await page.getByRole('textbox', { name: label }).click();
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
};

for (const locale of Object.keys(LOCALES) as Locale[]) {
  const words = LOCALES[locale];

  test(`${locale}: the server's field errors appear under their fields`, async ({ browser, api, baseURL, clientIp }) => {
    test.setTimeout(PROCESSING_TIMEOUT + 90_000);
    const { account, organizationId, page, context } = await signedIn(browser, api, baseURL!, clientIp, locale);
    // Processed while the other forms are tried; renamed at the end.
    const id = await createMedia(api, account.tokens.auth_token, organizationId, 'Short name', { wait: false });

    // A text file named like a picture: refused by its bytes, said under the picture.
    await page.goto('/interface/user/settings');
    await page.locator('input[type=file][accept*="image"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') });
    await page.getByRole('button', { name: locale === 'fr-FR' ? 'Envoyer la photo' : 'Upload picture' }).click();
    await expect(page.getByRole('alert').filter({ hasText: words.invalidFormat })).toBeVisible();
    await expect(page.getByText('error.invalid_format')).toHaveCount(0);

    // A URL on the loopback: the refusal is said under the URL field.
    await page.goto('/interface/conversations/create?tab=url');
    const url = page.getByRole('textbox', { name: words.url });
    await url.fill('http://127.0.0.1:9/recording.mp3');
    await url.blur();
    await page.getByRole('textbox', { name: words.name, exact: true }).fill('Loopback');
    await page.getByRole('button', { name: locale === 'fr-FR' ? /Créer/ : /Create/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: words.checkForm })).toBeVisible();
    await expect(page.getByText(words.addressNotAllowed)).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');

    // A name longer than the server keeps: said under the name, not in a passing notice.
    await expect
      .poll(async () => (await api.get<{ status: string }>(`/cm-api/api/conversations/${id}`, account.tokens.auth_token)).status, { timeout: PROCESSING_TIMEOUT })
      .toBe('done');
    await page.goto(`/interface/conversations/${id}`);
    const name = page.getByRole('textbox', { name: words.name, exact: true });
    await name.fill('N'.repeat(300));
    await name.press('Enter');
    await expect(page.getByText(words.tooLong)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: test.info().outputPath(`web2-rename-${locale}.png`) });
    await context.close();
  });

  test(`${locale}: a member without the upload right is told so before any upload`, async ({ browser, api, baseURL, clientIp, dataDir }) => {
    const owner = await api.signUp(newAccount('owner'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('No uploads org'));
    await api.send('PATCH', `/cm-api/api/organizations/${organization._id}`, { permissions: { upload: false } }, owner.tokens.auth_token);
    const member = await api.signUp(newAccount('member'));
    await joinOrganization(api, dataDir, owner.tokens.auth_token, organization._id, member);
    const { page, context } = await signedIn(browser, api, baseURL!, clientIp, locale, member, organization._id);

    await page.goto('/interface/explore');
    await expect(page.getByText(words.noRights)).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: new RegExp(locale === 'fr-FR' ? 'Pas le droit' : 'No rights') })).toBeVisible();
    for (const tab of ['file', 'microphone', 'url']) {
      await page.goto(`/interface/conversations/create?tab=${tab}`);
      await expect(page.getByRole('alert').filter({ hasText: words.noRights })).toBeVisible();
      await expect(page.locator('input[type=file]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: locale === 'fr-FR' ? /Créer/ : /^Create$/ })).toHaveCount(0);
    }
    await page.screenshot({ path: test.info().outputPath(`web2-norights-${locale}.png`) });
    await context.close();
  });
}

test('the form offers only the languages the available services transcribe, and picks a fitting service', async ({ browser, api, baseURL, clientIp }) => {
  const { account, organizationId, page, context } = await signedIn(browser, api, baseURL!, clientIp, 'en-US');
  await page.goto('/interface/conversations/create');
  await expect(page.getByRole('textbox', { name: 'Transcription service' })).not.toHaveValue('', { timeout: 15_000 });
  // PocketSphinx alone: English, no automatic detection.
  expect(await selectOptions(page, 'Language')).toEqual(['English']);
  await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('English');

  // With a service that detects the language and transcribes French.
  await remoteProfile(api, account.tokens.auth_token, organizationId);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Transcription service' })).not.toHaveValue('', { timeout: 15_000 });
  expect(await selectOptions(page, 'Language')).toEqual(['Automatic', 'English', 'French']);
  await page.getByRole('textbox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect(page.getByRole('textbox', { name: 'Transcription service' })).toHaveValue('Remote ASR');
  await page.getByRole('textbox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Automatic' }).click();
  await expect(page.getByRole('textbox', { name: 'Transcription service' })).toHaveValue('Remote ASR');
  await page.screenshot({ path: test.info().outputPath('web2-languages.png'), fullPage: true });
  await context.close();
});

test('a failed media is processed again in another language with another service', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(150_000);
  const { account, organizationId, page, context } = await signedIn(browser, api, baseURL!, clientIp, 'en-US');
  const token = account.tokens.auth_token;
  // A service whose model is not installed: processing fails.
  const broken = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Whisper missing', type: 'whisper', languages: ['en'], organizationId, config: { model: 'tiny.en' } },
    token,
  );
  const xsrf = (await api.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await api.request.post(`/cm-api/api/organizations/${organizationId}/conversations/create`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, accept: 'application/json' },
    multipart: { name: 'Réunion', lang: 'en', serviceName: broken._id, file: { name: 'jfk-en.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(FIXTURE) } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { conversationId } = (await created.json()) as { conversationId: string };
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/cm-api/api/conversations/${conversationId}`, token)).status, { timeout: 120_000, intervals: [1000, 2000] })
    .toBe('error');
  const remote = await remoteProfile(api, token, organizationId);

  await page.goto(`/interface/conversations/${conversationId}`);
  await page.getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Process the media again' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Transcription service' })).toHaveValue('Remote ASR');
  await page.screenshot({ path: test.info().outputPath('web2-retry.png') });
  await dialog.getByRole('button', { name: 'Process again' }).click();
  await expect(dialog).toBeHidden();
  const after = await api.get<{ requestedLanguage: string; transcriberProfileId: string }>(`/cm-api/api/conversations/${conversationId}`, token);
  expect(after).toMatchObject({ requestedLanguage: 'fr', transcriberProfileId: remote._id });
  await context.close();
});
