/**
 * Accessibility: axe-core finds no critical or serious violation on the main screens (sign-in, the
 * library with a media, a media's overview with its player, the upload, the sessions with their tabs,
 * the organization's and the user's settings, a modal, the backoffice), in both languages, on a wide
 * screen and, for the screens made for it, on a phone; headings skip no level and a modal adds no banner.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { blockingViolations, describeFindings, type AxeFinding } from './support/axe.ts';
import { LOCALES, tr, type Locale } from './support/editor.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { PHONE } from './support/live.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';
import { SCREENSHOTS } from './support/ui.ts';

const WIDE = { width: 1280, height: 800 };

async function ownerWithMediaAndSession(api: Api, locale: Locale) {
  const owner = await api.signUp(newAccount('a11y', { firstname: 'Alma', lastname: 'Access' }));
  const token = owner.tokens.auth_token;
  await api.send('PUT', '/cm-api/api/users/self', { locale }, token);
  const organization = await api.createOrganization(token, uniqueName('a11y org'));
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Live ASR', type: 'openai', languages: ['en'], organizationId: organization._id, config: { endpoint: 'https://asr.example.org/v1' } },
    token,
  );
  await api.send(
    'POST',
    `/cm-api/api/organizations/${organization._id}/sessions`,
    { name: uniqueName('a11y session'), channels: [{ name: 'Floor', transcriberProfileId: profile._id, languages: ['en'] }] },
    token,
  );
  const conversationId = await createMedia(api, token, organization._id, uniqueName('a11y media'), { file: silentWav(3) });
  return { owner, organizationId: organization._id, conversationId };
}

/** Opens a screen once it has settled, checks it, and keeps a light-theme screenshot. */
async function check(page: Page, findings: AxeFinding[], screen: string, ready: () => Promise<void>) {
  await page.waitForLoadState('networkidle');
  await ready();
  findings.push(...(await blockingViolations(page, screen)));
  await page.screenshot({ path: `${SCREENSHOTS}/a11y-${screen}.png` });
}

for (const locale of LOCALES) {
  for (const viewport of [WIDE, PHONE]) {
    const phone = viewport === PHONE;
    const tag = `${locale}-${phone ? 'phone' : 'wide'}`;

    test(`the main screens have no critical or serious axe violation (${tag})`, async ({ browser, api, baseURL, clientIp }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 120_000);
      const { owner, organizationId, conversationId } = await ownerWithMediaAndSession(api, locale);
      const context = await browser.newContext({
        baseURL,
        locale,
        viewport,
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
        extraHTTPHeaders: { 'x-forwarded-for': clientIp },
      });
      await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
      const page = await context.newPage();
      const findings: AxeFinding[] = [];
      const heading = (name: string) => () => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

      await page.goto('/login');
      await check(page, findings, `${tag}-sign-in`, () => expect(page.getByRole('form')).toBeVisible());

      await signInBrowser(context, baseURL!, owner.tokens, organizationId);
      await page.goto('/interface/explore');
      await check(page, findings, `${tag}-library`, () => expect(page.getByText(/a11y media/).first()).toBeVisible());

      await page.goto(`/interface/conversations/${conversationId}`);
      await check(page, findings, `${tag}-overview`, () => expect(page.getByRole('slider').first()).toBeVisible());

      // The player's shortcuts open from the keyboard, and the focus goes into them.
      const shortcuts = page.getByRole('button', { name: tr(locale, 'conversations:player.shortcuts.button') });
      await shortcuts.focus();
      await page.keyboard.press('Enter');
      await check(page, findings, `${tag}-shortcuts`, () => expect(page.getByRole('dialog').getByText(tr(locale, 'conversations:player.shortcuts.button'))).toBeFocused());
      await page.keyboard.press('Escape');
      await expect(shortcuts).toBeFocused();

      await page.getByRole('button', { name: tr(locale, 'conversations:delete.button') }).click();
      await check(page, findings, `${tag}-modal`, () => expect(page.getByRole('dialog', { name: tr(locale, 'conversations:delete.title') })).toBeVisible());
      await page.keyboard.press('Escape');

      await page.goto('/interface/conversations/create');
      await check(page, findings, `${tag}-upload`, () => expect(page.locator('input[type=file]').first()).toBeAttached());

      await page.goto('/interface/sessionsList');
      await check(page, findings, `${tag}-sessions`, () => expect(page.getByRole('tab').first()).toBeVisible());

      if (!phone) {
        // The editor's help panel: text only, scrolled with the keyboard (its viewport takes the focus).
        await page.goto(`/interface/conversations/${conversationId}/transcription`);
        await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
        await page.getByRole('button', { name: tr(locale, 'editorPanels:panels.help'), exact: true }).click();
        const help = page.locator('aside[data-editor-panel="help"]');
        await expect(help.getByRole('button', { name: tr(locale, 'editorPanels:panels.close') })).toBeFocused();
        await page.keyboard.press('Tab');
        await check(page, findings, `${tag}-editor-help`, () => expect(help.locator('.mantine-ScrollArea-viewport')).toBeFocused());

        await page.goto(`/interface/organizations/${organizationId}`);
        await check(page, findings, `${tag}-organization-settings`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());

        await page.goto('/interface/user/settings');
        await check(page, findings, `${tag}-user-settings`, () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());

        // The administrator's account speaks English: its answer is given the tested language.
        await page.route('**/cm-api/api/users/self', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...body, locale } });
        });
        const admin = await api.login(ADMIN.email, ADMIN.password);
        await context.clearCookies();
        await signInBrowser(context, baseURL!, admin);
        await page.goto('/backoffice/users');
        await check(page, findings, `${tag}-backoffice`, heading(tr(locale, 'backoffice:users.title')));
        await page.getByRole('button', { name: tr(locale, 'backoffice:users.create') }).click();
        await check(page, findings, `${tag}-backoffice-modal`, () => expect(page.getByRole('dialog')).toBeVisible());
      }

      const nodes = findings.reduce((sum, f) => sum + f.nodes, 0);
      const count = (impact: string) => findings.filter((f) => f.impact === impact).length;
      fs.writeFileSync(`${SCREENSHOTS}/a11y-${tag}.json`, JSON.stringify({ critical: count('critical'), serious: count('serious'), nodes, findings }, null, 2));
      await context.close();
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  }
}
