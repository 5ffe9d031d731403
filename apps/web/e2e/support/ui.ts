/** Screen helpers shared by the specs: selectors follow the English texts of src/i18n/en-US. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const NOT_FOUND_TEXT = "The page is not found, or you don't have the rights to access it";

/** A valid 1×1 PNG, for the profile picture. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Fills and submits the email/password sign-in form at /login (the page must be open). */
export async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectOnPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { message: `the page goes to ${pathname}` }).toBe(pathname);
}

/** Opens the user menu of the header (its button is named "User menu of <name>"). */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^User menu of / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** The organization switcher of the header. */
export const organizationSwitcher = (page: Page) => page.getByRole('banner').getByLabel('Organization', { exact: true });

/** Chooses an organization in the header's switcher. */
export async function switchOrganization(page: Page, name: string) {
  await organizationSwitcher(page).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(organizationSwitcher(page)).toHaveValue(name);
}

/** Where specs write the screenshots looked at after a run. */
export const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const NARROW = { width: 600, height: 1000 };

/**
 * The page as it is (`name`-wide.png), and its address opened in a narrow page of its own
 * (`name`-narrow.png), so the page keeps its state.
 */
export async function wideAndNarrowScreenshots(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-wide.png`, fullPage: true });
  const narrow = await page.context().newPage();
  await narrow.setViewportSize(NARROW);
  await narrow.goto(page.url());
  await narrow.waitForLoadState('networkidle');
  await narrow.screenshot({ path: `${SCREENSHOTS}/${name}-narrow.png`, fullPage: true });
  await narrow.close();
  await page.bringToFront();
}
