/** The test harness itself: the server serves the built client and the API helpers work. */
import { newAccount, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test('the server serves the web client and the API accepts a new account', async ({ page, api }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();

  const user = await api.signUp(newAccount('smoke'));
  const organization = await api.createOrganization(user.tokens.auth_token, uniqueName('Smoke org'));
  expect(organization.name).toMatch(/^Smoke org /);
  const self = await api.get<{ email: string }>('/cm-api/api/users/self', user.tokens.auth_token);
  expect(self.email).toBe(user.email);
});
