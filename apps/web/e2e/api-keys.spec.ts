/** API keys from the organization settings: created, shown once, used from a script, revoked. */
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, submitLogin } from './support/ui.ts';

/** The secret shown once in the dialog named after the key, then the dialog closed. */
async function takeSecret(page: Page, name: string): Promise<string> {
  const reveal = page.getByRole('dialog', { name: `Key “${name}”` });
  await expect(reveal.getByText("You won't see it again", { exact: false })).toBeVisible();
  const secret = await reveal.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^plb_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await reveal.getByRole('button', { name: 'I have copied it' }).click();
  await expect(reveal).toBeHidden();
  return secret;
}

test('create an organization API key, see its secret once, use it, revoke it', async ({ page, api, context, baseURL }) => {
  const owner = await api.signUp(newAccount('keys', { firstname: 'Kim', lastname: 'Keeper' }));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Keys org'));
  await signInBrowser(context, baseURL!, owner.tokens);

  await page.goto(`/interface/organizations/${organization._id}`);
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('No API key yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Create a key' }).click();

  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Name').fill('Nightly export');
  await expect(form.getByLabel('Role')).toHaveValue('Reader (read only)');
  await expect(form.getByLabel('Expires after')).toHaveValue('90 days');
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByRole('dialog', { name: 'Key “Nightly export”' }).getByRole('button', { name: 'Copy the key' })).toBeVisible();
  const secret = await takeSecret(page, 'Nightly export');

  // The list names the key by its prefix only.
  const table = section.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row', { name: /Nightly export/ });
  await expect(row).toContainText(secret.slice(0, 16));
  await expect(row).toContainText('Active');
  await expect(page.getByText(secret)).toHaveCount(0);

  // A script uses it as a bearer token.
  const url = `${baseURL}/cm-api/api/organizations/${organization._id}`;
  const used = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  expect(used.status).toBe(200);
  expect(((await used.json()) as { name: string }).name).toBe(organization.name);

  await row.getByRole('button', { name: 'Revoke “Nightly export”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Nightly export”?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');

  const refused = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(401);
});

test('a platform administrator creates a platform key in the backoffice and renews it', async ({ page, baseURL }) => {
  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectOnPath(page, '/interface/explore');
  await page.goto('/backoffice');
  await page.getByRole('navigation', { name: 'Backoffice navigation' }).getByRole('link', { name: 'API keys' }).click();
  await expectOnPath(page, '/backoffice/apiKeys');
  await expect(page.getByRole('heading', { name: 'Platform API keys', level: 1 })).toBeVisible();

  const name = uniqueName('Monitoring');
  await page.getByRole('button', { name: 'Create a key' }).click();
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').click();
  await page.getByRole('option', { name: 'User (no administration)' }).click();
  await form.getByLabel('Expires after').click();
  await page.getByRole('option', { name: 'Never' }).click();
  await form.getByRole('button', { name: 'Create' }).click();
  const secret = await takeSecret(page, name);

  // A user key keeps no administrator flag: the backoffice refuses it, the rest of the API answers.
  const call = (path: string, key: string) => fetch(`${baseURL}/cm-api/api${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect((await call('/administration/users', secret)).status).toBe(403);
  expect((await call('/organizations', secret)).status).toBe(200);

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Never');
  await row.getByRole('button', { name: `Renew “${name}”` }).click();
  const renew = page.getByRole('dialog', { name: `Renew “${name}”` });
  await renew.getByRole('button', { name: 'Renew' }).click();
  const renewed = await takeSecret(page, name);
  expect(renewed).not.toBe(secret);
  expect((await call('/organizations', secret)).status).toBe(401);
  expect((await call('/organizations', renewed)).status).toBe(200);
});
