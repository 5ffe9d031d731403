/**
 * Someone a media was shared with, in both languages: a user in no organization follows the link of
 * the share mail to the media's overview, sees its tags (names, no tag controls), stars it, finds it in
 * "Shared with me" and in Favorites, and meets the no-organization screen only where an organization
 * is needed. A malformed id in a path shows the not-found page. Signing in, the account's language
 * wins over the device's, and the profile and the preferences menu agree with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { REPO_ROOT } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';
import { linkIn, waitForMail } from './support/outbox.ts';

type Locale = 'en-US' | 'fr-FR';
const LOCALES: Locale[] = ['en-US', 'fr-FR'];

/** A string of the web client's translations, so both languages are checked with the words users read. */
function tr(locale: Locale, key: string): string {
  const [namespace, ...rest] = key.split(':')[0] === key ? ['common', key] : key.split(':');
  const file = path.join(REPO_ROOT, 'apps/web/src/i18n', locale, `${namespace}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of rest.join(':').split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no translation ${key} in ${locale}`);
  return value;
}

const WRITE = 1 | 2 | 4;
/** A full-page screenshot among the test's outputs, to look at what users see. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const locale of LOCALES) {
  test(`a user in no organization opens, stars and finds a media shared with them (${locale})`, async ({ browser, api, baseURL, clientIp, dataDir }) => {
    test.setTimeout(2 * PROCESSING_TIMEOUT + 90_000);
    const owner = await api.signUp(newAccount('owner'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Tagging org'));
    const guest = await api.signUp(newAccount('guest'));
    await api.send('PUT', '/cm-api/api/users/self', { locale }, guest.tokens.auth_token);

    const name = `Guest media ${Math.random().toString(36).slice(2, 7)}`;
    const id = await createMedia(api, owner.tokens.auth_token, organization._id, name);
    const category = await api.send<{ _id: string }>(
      'POST',
      `/cm-api/api/organizations/${organization._id}/categories`,
      { name: uniqueName('Topics'), color: 'grape' },
      owner.tokens.auth_token,
    );
    const tag = await api.send<{ _id: string; name: string }>(
      'POST',
      `/cm-api/api/organizations/${organization._id}/tags`,
      { name: uniqueName('Budget'), categoryId: category._id },
      owner.tokens.auth_token,
    );
    await api.send('POST', `/cm-api/api/conversations/${id}/tags/${tag._id}`, undefined, owner.tokens.auth_token);
    // Even with the write right, a guest only sees the tags.
    await api.send('PUT', `/cm-api/api/conversations/${id}/users/${guest.userId}`, { right: WRITE }, owner.tokens.auth_token);

    const mail = await waitForMail(dataDir, guest.email, new RegExp(name));
    const link = new URL(linkIn(mail, `/interface/conversations/${id}`));

    const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    await signInBrowser(context, baseURL!, guest.tokens);
    const page = await context.newPage();
    await page.goto(link.pathname + link.search);

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(tr(locale, 'layout:noOrganization.title'))).toHaveCount(0);
    const tags = page.getByTestId('media-tags');
    await expect(tags.getByTestId('tag-chip')).toHaveText(new RegExp(tag.name));
    await expect(tags.getByText(tr(locale, 'library:mediaTags.none'))).toHaveCount(0);
    await expect(page.getByRole('button', { name: tr(locale, 'library:mediaTags.addButton') })).toHaveCount(0);
    await expect(tags.getByRole('button')).toHaveCount(0);
    // No library without an organization: the media's breadcrumb leads to what was shared.
    const crumbs = page.getByRole('navigation', { name: tr(locale, 'layout:breadcrumbs.label') });
    await expect(crumbs.getByRole('link', { name: tr(locale, 'layout:breadcrumbs.media') })).toHaveAttribute('href', '/interface/shared');
    await shot(page, `guest-overview-${locale}`);

    // Star it, then find it in Favorites and in "Shared with me" from the side navigation.
    await page.getByRole('heading', { level: 1, name }).locator('..').getByTestId('favorite-toggle').click();
    await expect(page.getByTestId('favorite-toggle').first()).toHaveAttribute('aria-pressed', 'true');
    const navigation = page.getByRole('navigation', { name: tr(locale, 'layout:nav.label') });
    await expect(navigation.getByRole('link', { name: tr(locale, 'layout:nav.upload') })).toHaveCount(0);
    await navigation.getByRole('link', { name: tr(locale, 'layout:nav.favorites') }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
    // The row shows the media's tags, though they belong to an organization the user is not in.
    await expect(page.getByTestId('media-row').getByTestId('tag-chip')).toHaveText(new RegExp(tag.name));
    await shot(page, `guest-favorites-${locale}`);
    await navigation.getByRole('link', { name: tr(locale, 'layout:nav.shared') }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();

    // The library needs an organization: there, and only there, the no-organization screen.
    await navigation.getByRole('link', { name: tr(locale, 'layout:nav.explore') }).click();
    await expect(page.getByRole('heading', { name: tr(locale, 'layout:noOrganization.title') })).toBeVisible();
    await shot(page, `guest-no-organization-${locale}`);

    // A malformed id, or an unknown one, names nothing: the not-found page.
    for (const target of [
      '/interface/conversations/not-an-id',
      '/interface/conversations/not-an-id/transcription',
      '/interface/organizations/42',
      `/interface/conversations/${crypto.randomUUID()}`,
    ]) {
      await page.goto(target);
      await expect(page.getByText(tr(locale, 'errors:notFound.message'))).toBeVisible();
      await expect(page.getByRole('button', { name: tr(locale, 'errors:reload') })).toHaveCount(0);
    }
    await shot(page, `malformed-id-${locale}`);
    await context.close();
  });

  test(`a member in another organization finds starred shared media in Favorites (${locale})`, async ({ browser, api, baseURL, clientIp }) => {
    test.setTimeout(PROCESSING_TIMEOUT + 60_000);
    const owner = await api.signUp(newAccount('owner'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Sharing org'));
    // Long names end with an ellipsis in lists and menus, the full name in a title.
    const reader = await api.signUp(newAccount('reader', { firstname: 'Maximiliane-Josephine-Alexandrine', lastname: 'de La Tour-Montgomery-Vandenberghe' }));
    await api.send('PUT', '/cm-api/api/users/self', { locale }, reader.tokens.auth_token);
    const own = await api.createOrganization(reader.tokens.auth_token, uniqueName('Association intercommunale des médiathèques et archives sonores'));
    const name = `Starred elsewhere ${Math.random().toString(36).slice(2, 7)} ${'recorded interview about the regional archives '.repeat(3).trim()}`;
    const id = await createMedia(api, owner.tokens.auth_token, organization._id, name, { wait: false });
    await api.send('PUT', `/cm-api/api/conversations/${id}/users/${reader.userId}`, { right: 1 }, owner.tokens.auth_token);
    await api.send('PUT', `/cm-api/api/users/self/favorites/${id}`, undefined, reader.tokens.auth_token);

    const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    await signInBrowser(context, baseURL!, reader.tokens, own._id);
    const page = await context.newPage();
    await page.goto('/interface/favorites');
    await expect(page.getByRole('heading', { name: tr(locale, 'library:favorites.title') })).toBeVisible();
    const link = page.getByRole('link', { name });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await expect(link).toHaveAttribute('title', name);
    expect(await link.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByRole('button', { name: new RegExp(tr(locale, 'layout:userMenu.open').split('{{')[0]!.trim()) }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shot(page, `long-names-${locale}`);
    await context.close();
  });
}

for (const [account, device] of [
  ['fr-FR', 'en-US'],
  ['en-US', 'fr-FR'],
] as Array<[Locale, Locale]>) {
  test(`signing in, the account's language (${account}) wins over the device's (${device})`, async ({ browser, api, baseURL, clientIp }) => {
    const user = await api.signUp(newAccount('polyglot'));
    await api.createOrganization(user.tokens.auth_token, uniqueName('Language org'));
    await api.send('PUT', '/cm-api/api/users/self', { locale: account }, user.tokens.auth_token);

    const context = await browser.newContext({ baseURL, locale: device, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
    await context.addInitScript((stored) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('palabre.locale', stored);
        sessionStorage.setItem('seeded', '1');
      }
    }, device);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', device.slice(0, 2));
    const form = page.getByRole('form', { name: tr(device, 'auth:login.title') });
    await form.getByLabel(tr(device, 'auth:fields.email'), { exact: true }).fill(user.email);
    await form.getByLabel(tr(device, 'auth:fields.password'), { exact: true }).fill(user.password);
    await form.getByRole('button', { name: tr(device, 'auth:login.submit'), exact: true }).click();
    await expect(page.getByRole('navigation', { name: tr(account, 'layout:nav.label') })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', account.slice(0, 2));
    expect(await page.evaluate(() => localStorage.getItem('palabre.locale'))).toBe(account);

    // The profile says the language the screen speaks.
    await page.goto('/interface/user/settings');
    const names: Record<Locale, string> = { 'en-US': 'English', 'fr-FR': 'Français' };
    await expect(page.getByRole('textbox', { name: tr(account, 'settings:preferences.language') })).toHaveValue(names[account]);
    await shot(page, `account-language-${account}`);

    // Switching in the preferences menu changes the screen, the device, the profile and the account.
    await page.getByRole('button', { name: new RegExp(tr(account, 'layout:userMenu.open').split('{{')[0]!.trim()) }).click();
    await page.getByRole('menuitem', { name: names[device] }).click();
    await expect(page.getByRole('textbox', { name: tr(device, 'settings:preferences.language') })).toHaveValue(names[device]);
    expect(await page.evaluate(() => localStorage.getItem('palabre.locale'))).toBe(device);
    await expect.poll(async () => (await api.get<{ locale: string }>('/cm-api/api/users/self', user.tokens.auth_token)).locale).toBe(device);
    await shot(page, `account-language-switched-${device}`);
    await context.close();
  });
}
