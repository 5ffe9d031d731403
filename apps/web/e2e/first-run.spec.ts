/**
 * First run in the browser: a fresh installation (no account) sends the first visit to the setup
 * page; the token the server wrote to `<data>/setup-token` creates the first super administrator,
 * who lands on a page offering to create an organization or open the backoffice, creates one, and
 * reaches the quick meeting page (the seeded profile allows quick meetings).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { uniqueEmail, uniqueName } from './support/api.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';

let server: E2eServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startE2eServer({}, { admin: false });
});
test.afterAll(async () => {
  await server?.close();
});

test('fresh install: setup token → first administrator → organization → quick meeting', async ({ browser, clientIp }) => {
  const baseURL = server!.baseURL;
  const tokenFile = path.join(server!.dataDir, 'setup-token');
  const token = fs.readFileSync(tokenFile, 'utf8').trim();
  const context = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const page = await context.newPage();

  // The first visit asks for the setup token instead of a sign-in nobody could do.
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up Palabre' })).toBeVisible();

  // A wrong token is refused and creates nothing.
  await page.getByLabel('Setup token').fill('this-is-not-the-setup-token');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(uniqueEmail('first-admin'));
  await page.getByLabel('Password').fill('engine-1843-E2e');
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page.getByText('This setup token is not valid, or the first account exists already')).toBeVisible();

  await page.getByLabel('Setup token').fill(token);
  await page.getByRole('button', { name: 'Create the administrator' }).click();

  // Signed in, without an organization: both ways on are offered.
  await expect(page.getByRole('heading', { name: 'You do not belong to any organization yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the backoffice' })).toBeVisible();
  expect(fs.existsSync(tokenFile)).toBe(false);

  await page.getByLabel('Organization name').fill(uniqueName('First org'));
  await page.getByRole('button', { name: 'Create organization' }).click();

  // Inside it, the quick meeting starts from the seeded profile.
  await expect(page.getByRole('heading', { name: 'You do not belong to any organization yet' })).toBeHidden();
  await page.goto('/interface/conversations/create?tab=quickMeeting');
  await expect(page.getByRole('tab', { name: 'Quick meeting' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Quick meeting' })).not.toContainText('Coming soon');
  await page.getByRole('link', { name: 'Start a quick meeting' }).click();
  await expect(page).toHaveURL(/\/interface\/[0-9a-f-]+\/quick-session$/);
  await expect(page.getByRole('button', { name: 'Start the quick meeting' })).toBeVisible();

  // The setup is over: the page no longer opens it for anyone.
  const anonymous = await browser.newContext({ baseURL, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  const visitor = await anonymous.newPage();
  await visitor.goto('/login');
  await expect(visitor.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await anonymous.close();
  await context.close();
});
