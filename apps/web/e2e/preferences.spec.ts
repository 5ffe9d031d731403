/** Language switch from the user menu and the profile settings. */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('switch the interface to French from the user menu, then back to English', async ({ page, api, context, baseURL }) => {
  const user = await api.signUp(newAccount('lang', { firstname: 'Lou', lastname: 'Langue' }));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Lang org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/interface/explore');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Media library' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu of Lou Langue' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();

  const navigationFr = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(navigationFr.getByRole('link', { name: 'Médiathèque' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu utilisateur de Lou Langue' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // The choice is remembered.
  await page.reload();
  await expect(navigationFr.getByRole('link', { name: 'Médiathèque' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu utilisateur de Lou Langue' }).click();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(navigation.getByRole('link', { name: 'Media library' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu of Lou Langue' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the settings say when the account has no saved language, and save the one chosen', async ({ page, api, context, baseURL }) => {
  // Accounts made through the API without a language have none saved.
  const user = await api.signUp(newAccount('nolang', { firstname: 'Noa', lastname: 'Langue' }));
  await api.createOrganization(user.tokens.auth_token, uniqueName('No lang org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/interface/user/settings');
  const language = page.getByRole('textbox', { name: 'Language', exact: true });
  await expect(language).toHaveValue('');
  await expect(language).toHaveAttribute('placeholder', 'Not saved');
  await expect(page.getByText('No language is saved for your account')).toBeVisible();

  await language.click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(language).toHaveValue('English');
  await expect(page.getByText('No language is saved for your account')).toBeHidden();
  await expect.poll(async () => (await api.get<{ locale: string | null }>('/cm-api/api/users/self', user.tokens.auth_token)).locale).toBe('en-US');
});
