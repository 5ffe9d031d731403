/** Transcriber profiles in the backoffice: the seeded profile, then create, edit and delete one. */
import { uniqueName } from './support/api.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, submitLogin } from './support/ui.ts';

test('an administrator creates an OpenAI-compatible profile, edits it and deletes it', async ({ page }) => {
  const name = uniqueName('Cloud engine');
  const renamed = `${name} v2`;

  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectOnPath(page, '/interface/explore');

  await page.goto('/backoffice/transcriberProfiles');
  await expect(page.getByRole('heading', { name: 'Transcriber profiles', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transcriber profiles' });

  // The seeded offline profile is there, and usable on this machine.
  const seeded = table.getByRole('row', { name: /PocketSphinx \(English, offline\)/ });
  await expect(seeded).toBeVisible();
  await expect(seeded).toContainText('PocketSphinx');
  await expect(seeded.getByText('Available', { exact: true })).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'Create profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Engine type' }).click();
  await page.getByRole('option', { name: 'OpenAI-compatible' }).click();
  await dialog.getByLabel('Endpoint URL').fill('https://speech.example.com/v1');
  await dialog.getByRole('textbox', { name: 'Model', exact: true }).fill('whisper-1');
  await dialog.getByLabel('API key').fill('sk-e2e-secret');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The profile ${name} has been created`)).toBeVisible();

  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('OpenAI-compatible');
  await expect(row).toContainText('English');
  await expect(row).toContainText('Global');
  // With an endpoint configured, the server reports the profile as usable.
  await expect(row.getByText('Available', { exact: true })).toBeVisible();

  // Edit: the key is kept (never shown), the name changes.
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/backoffice\/transcriberProfiles\/[0-9a-f-]{36}$/);
  const form = page.getByRole('form', { name: 'Transcriber profile' });
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', 'A key is stored');
  await expect(form.getByLabel('Endpoint URL')).toHaveValue('https://speech.example.com/v1');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The profile ${renamed} has been saved`)).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', 'A key is stored');

  // Delete, from the list.
  await page.getByRole('link', { name: 'All transcriber profiles' }).click();
  await expectOnPath(page, '/backoffice/transcriberProfiles');
  const renamedRow = table.getByRole('row', { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this profile?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`The profile ${renamed} has been deleted`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  await expect(seeded).toBeVisible();
});
