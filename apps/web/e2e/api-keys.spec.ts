/** API keys from the organization settings: created, shown once, used from a script, revoked. */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

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

  const reveal = page.getByRole('dialog', { name: 'Key “Nightly export”' });
  await expect(reveal.getByText("You won't see it again", { exact: false })).toBeVisible();
  const secret = await reveal.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^plb_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(reveal.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  await reveal.getByRole('button', { name: 'I have copied it' }).click();
  await expect(reveal).toBeHidden();

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
