/**
 * The media library (/interface/explore): a media created through the API is listed with the
 * owner's right label, found by a word of its title, then selected and deleted; deleting with
 * nothing selected only shows the notice.
 */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';

test('list, search, select and delete media; deleting is off with none selected', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const user = await api.signUp(newAccount('explore'));
  const organization = await api.createOrganization(user.tokens.auth_token, uniqueName('Explore org'));
  await signInBrowser(context, baseURL!, user.tokens, organization._id);

  // An empty library invites an upload.
  await page.goto('/interface/explore');
  await expect(page.getByRole('heading', { name: 'Media library', level: 1 })).toBeVisible();
  await expect(page.getByText('No media yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload one' })).toHaveAttribute('href', '/interface/conversations/create');

  const word = `zebra${Math.random().toString(36).slice(2, 7)}`;
  const name = `Speech ${word}`;
  const id = await createMedia(api, user.tokens.auth_token, organization._id, name);

  // Listed (live or on reload) with the owner's right label and its status.
  const table = page.getByRole('table', { name: 'Media' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('media-right')).toHaveText('Full rights');
  await expect(row.getByTestId('media-status')).toHaveText('Done');
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', new RegExp(`/interface/conversations/${id}`));

  // ?t= opens the overview with the player at that moment (the link of a match in the transcript).
  await page.goto(`/interface/conversations/${id}?t=5`);
  await expect.poll(() => page.getByTestId('media-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(4.9);
  await page.goto('/interface/explore');

  // Nothing selected: nothing to delete.
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(row).toBeVisible();

  // A word of the title finds it.
  const searched = page.waitForResponse((response) => response.url().includes('/conversations?') && new URL(response.url()).searchParams.get('text') === word);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await searched;
  await expect(row).toBeVisible();

  // Select it and delete it.
  await row.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete media' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeHidden();
  await expect(page.getByText('Nothing matches')).toBeVisible();
  await expect.poll(async () => (await api.request.get(`/cm-api/api/conversations/${id}`, { headers: { authorization: `Bearer ${user.tokens.auth_token}` } })).status()).toBe(404);
});
