/** Unknown paths, the sign-in redirect with a wanted path, and small screens. */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, NOT_FOUND_TEXT, submitLogin } from './support/ui.ts';

test('an unknown path shows the not-found page', async ({ page, api, context, baseURL }) => {
  // A visitor.
  await page.goto('/no/such/page');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // A signed-in user.
  const user = await api.signUp(newAccount('lost'));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Lost org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/this/path/does-not-exist');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
});

test('a visitor is sent to sign in, then back to the page they wanted', async ({ page, api }) => {
  const user = await api.signUp(newAccount('wanted'));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Wanted org'));

  await page.goto('/interface/explore');
  await expectOnPath(page, '/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/interface/explore');

  // Another wanted page than the default landing page, to see the return for real.
  await page.goto('/interface/user/settings');
  await expectOnPath(page, '/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/interface/user/settings');

  await submitLogin(page, user.email, user.password);
  await expectOnPath(page, '/interface/user/settings');
});

test('a page that is not responsive tells a small screen that the device is not compatible', async ({ page, api, context, baseURL }) => {
  const user = await api.signUp(newAccount('mobile'));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Mobile org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.setViewportSize({ width: 400, height: 700 });
  await page.goto('/interface/tags/settings');
  await expect(page.getByRole('heading', { name: /not (compatible|responsive|adapted)/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the library' })).toHaveAttribute('href', '/interface/explore');

  // The same page on a large screen is usable.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('heading', { name: /not (compatible|responsive|adapted)/i })).toBeHidden();
});
