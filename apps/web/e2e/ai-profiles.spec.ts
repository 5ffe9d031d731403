/** AI profiles in the backoffice: create one (its key written, never shown), edit it, delete it; in English and in French. */
import { uniqueName } from './support/api.ts';
import { tr } from './support/editor.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, submitLogin } from './support/ui.ts';

test('an administrator creates an AI profile, edits it and deletes it', async ({ page }) => {
  const name = uniqueName('Local llama');
  const renamed = `${name} v2`;

  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectOnPath(page, '/interface/explore');

  await page.goto('/backoffice');
  await page.getByRole('navigation', { name: 'Backoffice navigation' }).getByRole('link', { name: 'AI profiles' }).click();
  await expectOnPath(page, '/backoffice/aiProfiles');
  await expect(page.getByRole('heading', { name: 'AI profiles', level: 1 })).toBeVisible();

  // Create: a server that does not answer (nothing listens on the discard port) shows as unavailable.
  await page.getByRole('button', { name: 'Create AI profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create AI profile' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/v1');
  await dialog.getByRole('textbox', { name: 'Model', exact: true }).fill('llama3.1:8b');
  await dialog.getByLabel('Context size (tokens)').fill('16384');
  await dialog.getByLabel('API key').fill('sk-e2e-ai-secret');
  await dialog.getByRole('button', { name: 'Create AI profile' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The AI profile ${name} has been created`)).toBeVisible();

  const table = page.getByRole('table', { name: 'AI profiles' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('llama3.1:8b');
  await expect(row).toContainText('16384 tokens of context');
  await expect(row).toContainText('Global');
  await expect(row.getByText('Unavailable', { exact: true })).toBeVisible();
  await expect(row).toContainText('the server does not answer');
  await expect(page.getByText('sk-e2e-ai-secret')).toHaveCount(0);

  // Edit: the key is never shown, only that one is set; the name changes and the key is removed.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit AI profile' });
  const form = edit.getByRole('form', { name: 'AI profile' });
  await expect(form.getByLabel('API key')).toHaveValue('');
  await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', 'A key is set');
  await expect(form.getByLabel('Endpoint URL')).toHaveValue('http://127.0.0.1:9/v1');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
  await form.getByRole('checkbox', { name: 'Remove the key' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`The AI profile ${renamed} has been saved`)).toBeVisible();
  const renamedRow = table.getByRole('row', { name: new RegExp(renamed) });
  await renamedRow.getByRole('button', { name: `Edit ${renamed}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit AI profile' }).getByLabel('API key')).not.toHaveAttribute('placeholder', 'A key is set');
  await page.getByRole('dialog', { name: 'Edit AI profile' }).getByRole('button', { name: 'Cancel' }).click();

  // Delete, after confirming.
  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this AI profile?' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`The AI profile ${renamed} has been deleted`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the page and its form speak French', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await expectOnPath(page, '/interface/explore');
    await page.goto('/backoffice/aiProfiles');
    await expect(page.getByRole('heading', { name: tr('fr-FR', 'aiProfiles:title'), level: 1 })).toBeVisible();
    await page.getByRole('button', { name: tr('fr-FR', 'aiProfiles:create') }).click();
    const dialog = page.getByRole('dialog', { name: tr('fr-FR', 'aiProfiles:create') });
    await expect(dialog.getByLabel(tr('fr-FR', 'aiProfiles:endpoint'))).toBeVisible();
    await expect(dialog.getByLabel(tr('fr-FR', 'aiProfiles:contextTokens'))).toHaveValue('8192');
    // Required fields are said so before anything is sent.
    await dialog.getByRole('button', { name: tr('fr-FR', 'aiProfiles:create') }).click();
    await expect(dialog.getByText(tr('fr-FR', 'aiProfiles:endpointRequired'))).toBeVisible();
    await expect(dialog.getByText(tr('fr-FR', 'aiProfiles:modelRequired'))).toBeVisible();
    await page.screenshot({ path: `${process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp'}/ai-profiles-fr.png` });
  });
});
