/**
 * The live session screens in Chromium: a session created through the form with two channels (a
 * schedule in the past refused first), seen in the scheduled and all tabs; the form saved as a
 * template and a second session created from it; its settings: a stream key revealed, the alias
 * changed (a duplicate refused on the field), started, stopped and deleted. A member without the
 * create-session permission sees no create action and cannot open another's settings; French.
 * Screenshots of the three screens, wide and narrow.
 */
import type { Browser, Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api, type SignedInAccount } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { NOT_FOUND_TEXT, SCREENSHOTS, wideAndNarrowScreenshots } from './support/ui.ts';

/** A narrow window: its smaller side stays above the phone limit, under which these pages show the device notice. */

type Locale = 'en-US' | 'fr-FR';

async function ownerWithProfile(api: Api, prefix: string) {
  const owner = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName(`${prefix} org`));
  await api.send(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'Live ASR', type: 'openai', languages: ['en', 'fr'], translations: ['de', 'es'], organizationId: organization._id, config: { endpoint: 'https://asr.example.org/v1' } },
    owner.tokens.auth_token,
  );
  return { owner, organizationId: organization._id };
}

async function openAs(browser: Browser, api: Api, baseURL: string, clientIp: string, account: SignedInAccount, organizationId: string, locale: Locale = 'en-US') {
  await api.send('PUT', '/cm-api/api/users/self', { locale }, account.tokens.auth_token);
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1280, height: 900 } });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  return { context, page: await context.newPage() };
}

/** A `datetime-local` value `days` from now, at 10:00 local time. */
function localInput(days: number, hour = 10): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  // Mantine's pills wrapper covers a multiple choice's field: the click goes to the field itself.
  await scope.getByRole('textbox', { name: label, exact: true }).click({ force: true });
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page wide and narrow, named for this spec. */
async function screenshots(page: Page, name: string) {
  await wideAndNarrowScreenshots(page, `sessions-${name}`);
  await page.waitForLoadState('networkidle');
}

test('a session created, listed, templated, configured, started, stopped and deleted', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(180_000);
  const { owner, organizationId } = await ownerWithProfile(api, 'sessions');
  const { context, page } = await openAs(browser, api, baseURL!, clientIp, owner, organizationId);
  const alias = `council-${Math.random().toString(36).slice(2, 7)}`;
  const template = uniqueName('Weekly');

  await page.goto('/interface/sessionsList');
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  await expect(page.getByText('No session is ongoing')).toBeVisible();
  await page.getByRole('link', { name: 'Create a session' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create a session' })).toBeVisible();
  await screenshots(page, 'create');

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Council');
  const first = page.getByRole('group', { name: 'Channel 1' });
  await first.getByRole('textbox', { name: 'Channel name' }).fill('Floor');
  await choose(page, first, 'Transcriber profile', 'Live ASR');
  await page.getByRole('button', { name: 'Add a channel' }).click();
  const second = page.getByRole('group', { name: 'Channel 2' });
  await second.getByRole('textbox', { name: 'Channel name' }).fill('Booth');
  await choose(page, second, 'Transcriber profile', 'Live ASR');
  await choose(page, second, 'Translations', 'German');
  await page.getByRole('textbox', { name: 'Alias' }).fill(alias);

  // A start in the past is refused on its field before anything is sent.
  await page.getByRole('textbox', { name: 'Start time' }).fill(localInput(-1));
  await page.getByRole('button', { name: 'Create the session' }).click();
  await expect(page.getByText('This date must be in the future')).toBeVisible();
  await page.getByRole('textbox', { name: 'Start time' }).fill(localInput(1));
  await page.getByRole('textbox', { name: 'End time' }).fill(localInput(1, 12));
  await page.screenshot({ path: `${SCREENSHOTS}/sessions-create-filled-wide.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save as a template' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Template name' }).fill(template);
  await page.getByRole('dialog').getByRole('button', { name: 'Save the template' }).click();
  await expect(page.getByText(`Template ${template} saved`)).toBeVisible();

  await page.getByRole('button', { name: 'Create the session' }).click();
  await expect(page.getByRole('heading', { name: 'Council', level: 1 })).toBeVisible();
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();

  await page.goto('/interface/sessionsList');
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  const row = page.getByRole('link', { name: 'Open the session Council' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('2 channels');
  await page.getByText('Previous week', { exact: true }).click();
  await expect(page.getByText('No session is scheduled')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByText('Any week', { exact: true }).click();
  await expect(row).toBeVisible();
  await screenshots(page, 'list');

  // A second session from the template: its channels come with it.
  await page.goto('/interface/sessions/create');
  await choose(page, page.locator('body'), 'Template', template);
  await page.getByRole('button', { name: 'Apply the template' }).click();
  await expect(page.getByRole('group', { name: 'Channel 2' }).getByRole('textbox', { name: 'Channel name' })).toHaveValue('Booth');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Council bis');
  await page.getByRole('button', { name: 'Create the session' }).click();
  await expect(page.getByRole('heading', { name: 'Council bis', level: 1 })).toBeVisible();

  // Stream keys: hidden, then shown.
  const key = page.getByRole('textbox', { name: 'Stream key' }).first();
  await expect(page.locator('input[type="password"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Show the stream key of Floor' }).click();
  await expect(page.locator('input[type="password"]')).toHaveCount(1);
  await expect(key).toHaveValue(/^[A-Za-z0-9_-]{40,}$/);
  await screenshots(page, 'settings');

  // The alias: a duplicate refused on the field, then a free one.
  const aliasField = page.getByRole('textbox', { name: 'Alias' });
  await aliasField.fill(alias.toUpperCase());
  await page.getByRole('button', { name: 'Save the alias' }).click();
  await expect(page.getByText('This alias is already used in this organization')).toBeVisible();
  await aliasField.fill(`${alias}-bis`);
  await page.getByRole('button', { name: 'Save the alias' }).click();
  await expect(page.getByText(`Alias ${alias}-bis saved`)).toBeVisible();

  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Waiting for audio')).toBeVisible();
  await expect(page.getByText('Channels can only change before the session starts.')).toBeVisible();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete the session' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete the session' }).click();
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByRole('link', { name: 'Open the session Council', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the session Council bis' })).toHaveCount(0);
  await context.close();
});

test('a member without the permission sees no create action nor others’ settings', async ({ browser, api, baseURL, clientIp, dataDir }) => {
  test.setTimeout(120_000);
  const { owner, organizationId } = await ownerWithProfile(api, 'sessions-member');
  const member = await api.signUp(newAccount('sessions-member'));
  await joinOrganization(api, dataDir, owner.tokens.auth_token, organizationId, member);
  await api.send('PATCH', `/cm-api/api/organizations/${organizationId}`, { permissions: { session: false } }, owner.tokens.auth_token);
  const profiles = await api.get<{ list: Array<{ _id: string }> }>(`/cm-api/api/organizations/${organizationId}/transcriber_profiles`, owner.tokens.auth_token);
  const session = await api.send<{ _id: string }>(
    'POST',
    `/cm-api/api/organizations/${organizationId}/sessions`,
    { name: 'Owner session', channels: [{ name: 'Main', transcriberProfileId: profiles.list[0]!._id, languages: ['en'] }] },
    owner.tokens.auth_token,
  );

  const { context, page } = await openAs(browser, api, baseURL!, clientIp, member, organizationId);
  await page.goto('/interface/sessionsList');
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByRole('link', { name: 'Open the session Owner session' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a session' })).toHaveCount(0);
  await page.goto('/interface/sessions/create');
  await expect(page.getByText('You are not allowed to create sessions in this organization.')).toBeVisible();
  await page.goto(`/interface/${organizationId}/sessions/${session._id}/settings`);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await context.close();
});

test('the session screens in French', async ({ browser, api, baseURL, clientIp }) => {
  test.setTimeout(120_000);
  const { owner, organizationId } = await ownerWithProfile(api, 'sessions-fr');
  const { context, page } = await openAs(browser, api, baseURL!, clientIp, owner, organizationId, 'fr-FR');
  await page.goto('/interface/sessionsList');
  await expect(page.getByRole('tab', { name: 'Planifiées' })).toBeVisible();
  await expect(page.getByText('Aucune session en cours')).toBeVisible();
  await page.getByRole('link', { name: 'Créer une session' }).first().click();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Conseil');
  const first = page.getByRole('group', { name: 'Canal 1' });
  await first.getByRole('textbox', { name: 'Nom du canal' }).fill('Salle');
  await choose(page, first, 'Profil de transcription', 'Live ASR');
  await page.getByRole('textbox', { name: 'Heure de début' }).fill(localInput(-1));
  await page.getByRole('button', { name: 'Créer la session' }).click();
  await expect(page.getByText('Cette date doit être dans le futur')).toBeVisible();
  await page.getByRole('textbox', { name: 'Heure de début' }).fill('');
  await page.getByRole('button', { name: 'Créer la session' }).click();
  await expect(page.getByRole('heading', { name: 'Conseil', level: 1 })).toBeVisible();
  await expect(page.getByText('Clé de flux', { exact: true })).toBeVisible();
  await screenshots(page, 'settings-fr');
  await context.close();
});
