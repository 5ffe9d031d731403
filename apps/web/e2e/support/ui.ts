/** Screen helpers shared by the specs: selectors follow the English texts of src/i18n/en-US. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const NOT_FOUND_TEXT = "The page is not found, or you don't have the rights to access it";

/** Fills and submits the email/password sign-in form at /login (the page must be open). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: false }).first().fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(sign in|log in|login)$/i }).click();
}

export async function expectOnPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { message: `the page goes to ${pathname}` }).toBe(pathname);
}
