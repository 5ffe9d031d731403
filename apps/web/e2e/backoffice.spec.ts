/** The backoffice: for system administrators only. */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, NOT_FOUND_TEXT, openUserMenu, submitLogin } from './support/ui.ts';

test('an administrator lists the users and creates one from the backoffice', async ({ page, api }) => {
  const created = newAccount('created', { firstname: 'Cora', lastname: 'Created' });

  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectOnPath(page, '/interface/explore');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Backoffice' }).click();
  await expectOnPath(page, '/backoffice');

  await page.getByRole('navigation', { name: 'Backoffice navigation' }).getByRole('link', { name: 'Users' }).click();
  await expectOnPath(page, '/backoffice/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  await page.getByLabel('Search').fill(ADMIN.email);
  await expect(users.getByRole('row', { name: new RegExp(ADMIN.email.replace(/\./g, '\\.')) })).toBeVisible();

  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First name').fill(created.firstname);
  await dialog.getByLabel('Last name').fill(created.lastname);
  await dialog.getByLabel('Email', { exact: true }).fill(created.email);
  await dialog.getByLabel('Password', { exact: true }).fill(created.password);
  await dialog.getByLabel('Confirm password').fill(created.password);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The account of ${created.email} has been created`)).toBeVisible();

  await page.getByLabel('Search').fill(created.email);
  const row = users.getByRole('row', { name: /Cora Created/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(created.email);

  // The new account can sign in.
  const tokens = await api.login(created.email, created.password);
  expect(tokens.auth_token).toBeTruthy();
});

test('a user who is not an administrator has no backoffice', async ({ page, api, context, baseURL }) => {
  const user = await api.signUp(newAccount('plain', { firstname: 'Paul', lastname: 'Plain' }));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Plain org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/interface/explore');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Profile settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Backoffice' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/backoffice/users');
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);
});
