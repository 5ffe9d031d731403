/**
 * The media library beyond listing: a word spoken in the media finds it and opens it at that moment;
 * tags created in the settings page, put on a media from its overview and used as list criteria
 * (a tag, or "No tags"); favorites starred and unstarred; the pages in French.
 */
import type { Page } from '@playwright/test';
import type { Api } from './support/api.ts';
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { dataDir } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';

interface Word {
  word: string;
  stime: number;
}

async function setUp(api: Api, context: Parameters<typeof signInBrowser>[0], baseURL: string, prefix: string) {
  const user = await api.signUp(newAccount(prefix));
  const organization = await api.createOrganization(user.tokens.auth_token, uniqueName(`${prefix} org`));
  await signInBrowser(context, baseURL, user.tokens, organization._id);
  return { user, organization, token: user.tokens.auth_token };
}

const mediaTable = (page: Page) => page.getByRole('table', { name: 'Media' });
const mediaRow = (page: Page, name: string) =>
  mediaTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
const audioTime = (page: Page) => page.getByTestId('media-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

test('a word spoken in the media finds it, and the result opens the media at that moment', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const { organization, token } = await setUp(api, context, baseURL!, 'search');
  const name = `Speech ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, token, organization._id, name);

  // A real recognized word of five letters or more, "country" when the recognizer heard it.
  const media = await api.get<{ text: { words: Word[] }[] }>(`/cm-api/api/conversations/${id}`, token);
  const words = media.text.flatMap((turn) => turn.words).map((w) => ({ ...w, word: w.word.toLowerCase().replace(/[^a-z]/g, '') }));
  const candidates = words.filter((w) => w.word.length >= 5);
  expect(candidates.length, 'the transcript has a word of five letters or more').toBeGreaterThan(0);
  const word = (candidates.find((w) => w.word === 'country') ?? candidates.find((w) => w.stime > 1) ?? candidates[0]!).word;
  const times = words.filter((w) => w.word === word).map((w) => w.stime);

  await page.goto('/interface/explore');
  await expect(mediaRow(page, name)).toBeVisible();
  const searched = page.waitForResponse((response) => response.url().includes('/conversations?') && new URL(response.url()).searchParams.get('text') === word);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await searched;
  const row = mediaRow(page, name);
  await expect(row.getByTestId('media-highlight')).toContainText(new RegExp(word, 'i'));
  await expect(row.getByTestId('media-highlight').locator('mark')).not.toHaveCount(0);

  await row.getByRole('link', { name, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/interface/conversations/${id}`);
  const at = Number(new URL(page.url()).searchParams.get('t'));
  expect(Number.isFinite(at) && at > 0, `?t= is a time (${page.url()})`).toBeTruthy();
  // The moment is one where the word is spoken, and the player starts there.
  expect(Math.min(...times.map((time) => Math.abs(time - at)))).toBeLessThan(0.2);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(at - 0.1);
  expect(await audioTime(page)).toBeLessThan(at + 2);
});

test('create a tag in the settings, tag a media from its overview, filter the list by tag and by "No tags"', async ({ page, api, context, baseURL }) => {
  test.setTimeout(2 * PROCESSING_TIMEOUT + 60_000);
  const { organization, token } = await setUp(api, context, baseURL!, 'tags');
  const suffix = Math.random().toString(36).slice(2, 7);
  const tagged = `Tagged ${suffix}`;
  const plain = `Plain ${suffix}`;
  const mediaIds = Promise.all([createMedia(api, token, organization._id, tagged), createMedia(api, token, organization._id, plain)]);

  // Settings: a new category, a tag in it; the same name again is refused with the server's message.
  const category = `Projects ${suffix}`;
  const tag = `Budget ${suffix}`;
  await page.goto('/interface/tags/settings');
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  const newCategory = page.getByRole('form', { name: 'Create the category' });
  await newCategory.getByRole('textbox', { name: 'Category name' }).fill(category);
  await newCategory.getByRole('button', { name: 'Create the category' }).click();
  const card = page.getByRole('region', { name: category });
  await expect(card).toBeVisible();
  const newTag = card.getByRole('form', { name: `New tag in ${category}` });
  await newTag.getByRole('textbox', { name: 'New tag' }).fill(tag);
  await newTag.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByTestId('tag-item').filter({ hasText: tag })).toBeVisible();
  await expect(newTag.getByRole('textbox', { name: 'New tag' })).toHaveValue('');
  await newTag.getByRole('textbox', { name: 'New tag' }).fill(tag);
  await newTag.getByRole('button', { name: 'Add' }).click();
  await expect(newTag.getByText(/^Tag creation error/)).toBeVisible();

  const [taggedId] = await mediaIds;

  // Overview: add the tag, shown as a chip.
  await page.goto(`/interface/conversations/${taggedId}`);
  await expect(page.getByRole('heading', { name: tagged, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a tag' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a tag to ${tagged}` });
  await dialog.getByRole('textbox', { name: 'Tag', exact: true }).click();
  await page.getByRole('option', { name: tag }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('media-tags').getByText(tag)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove the tag ${tag}` })).toBeVisible();

  // Library: the chip in the row; the tag criterion keeps only the tagged media, "No tags" only the other.
  await page.goto('/interface/explore');
  await expect(mediaRow(page, tagged).getByTestId('tag-chip').filter({ hasText: tag })).toBeVisible();
  await expect(mediaRow(page, plain)).toBeVisible();
  const search = page.getByRole('search');
  const byTag = page.waitForResponse((response) => response.url().includes('/conversations?') && new URL(response.url()).searchParams.has('tags'));
  await search.getByRole('textbox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag }).click();
  await byTag;
  await expect(mediaRow(page, tagged)).toBeVisible();
  await expect(mediaRow(page, plain)).toBeHidden();
  await expect(mediaTable(page).getByTestId('media-row')).toHaveCount(1);

  const untagged = page.waitForResponse((response) => response.url().includes('/conversations?') && new URL(response.url()).searchParams.get('filter') === 'notags');
  await search.getByRole('checkbox', { name: 'No tags' }).check();
  await untagged;
  await expect(mediaRow(page, plain)).toBeVisible();
  await expect(mediaRow(page, tagged)).toBeHidden();
  await expect(mediaTable(page).getByTestId('media-row')).toHaveCount(1);
});

test('star a media, find it in the favorites, unstar it and it leaves them', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 60_000);
  const { organization, token } = await setUp(api, context, baseURL!, 'favorites');
  const name = `Starred ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, token, organization._id, name);

  await page.goto('/interface/favorites');
  await expect(page.getByRole('heading', { name: 'Favorites', level: 1 })).toBeVisible();
  await expect(page.getByText('No favorites yet')).toBeVisible();

  // Star it from the library.
  await page.goto('/interface/explore');
  const star = mediaRow(page, name).getByRole('button', { name: 'Add to favorites' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  const starred = mediaRow(page, name).getByRole('button', { name: 'Remove from favorites' });
  await expect(starred).toHaveAttribute('aria-pressed', 'true');
  expect((await api.get<{ favorite: boolean }>(`/cm-api/api/conversations/${id}`, token)).favorite).toBe(true);

  // The overview shows it starred too.
  await page.goto(`/interface/conversations/${id}`);
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');

  // Listed in the favorites; unstarred there, it leaves them.
  await page.goto('/interface/favorites');
  const row = mediaRow(page, name);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove from favorites' }).click();
  await expect(row).toBeHidden();
  await expect(page.getByText('No favorites yet')).toBeVisible();
  expect((await api.get<{ favorite: boolean }>(`/cm-api/api/conversations/${id}`, token)).favorite).toBe(false);
});

test('the favorites, shared and tag pages speak French', async ({ page, api, context, baseURL }) => {
  const user = await api.signUp(newAccount('francais', { firstname: 'Léa', lastname: 'Tags' }));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Fr org'));
  await signInBrowser(context, baseURL!, user.tokens);

  await page.goto('/interface/favorites');
  await expect(page.getByRole('heading', { name: 'Favorites', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'User menu of Léa Tags' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();

  await expect(page.getByRole('heading', { name: 'Favoris', level: 1 })).toBeVisible();
  await expect(page.getByText("Aucun favori pour l'instant")).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sans étiquette' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Rechercher' })).toBeVisible();

  await page.goto('/interface/shared');
  await expect(page.getByRole('heading', { name: 'Partagés avec moi', level: 1 })).toBeVisible();
  await expect(page.getByText("Rien n'est encore partagé avec vous")).toBeVisible();

  await page.goto('/interface/tags/settings');
  await expect(page.getByRole('heading', { name: 'Étiquettes', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nouvelle catégorie' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Créer la catégorie' });
  await expect(form.getByRole('textbox', { name: 'Nom de la catégorie' })).toBeVisible();
  // An empty name is refused in French.
  await form.getByRole('button', { name: 'Créer la catégorie' }).click();
  await expect(form.getByRole('textbox', { name: 'Nom de la catégorie' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Ce champ est obligatoire')).toBeVisible();
});

test('a plain member sees the tags read-only but may add a tag', async ({ page, api, context, baseURL }) => {
  const owner = await api.signUp(newAccount('tagowner'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Tag members org'));
  const member = await api.signUp(newAccount('tagmember'));
  await joinOrganization(api, dataDir(), owner.tokens.auth_token, organization._id, member);
  const category = `Areas ${Math.random().toString(36).slice(2, 7)}`;
  const created = await api.send<{ _id: string }>('POST', `/cm-api/api/organizations/${organization._id}/categories`, { name: category, color: 'teal' }, owner.tokens.auth_token);
  await api.send('POST', `/cm-api/api/organizations/${organization._id}/tags`, { name: 'North', categoryId: created._id }, owner.tokens.auth_token);
  await signInBrowser(context, baseURL!, member.tokens, organization._id);

  await page.goto('/interface/tags/settings');
  const card = page.getByRole('region', { name: category });
  await expect(card.getByTestId('tag-item').filter({ hasText: 'North' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New category' })).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit the category ${category}` })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete the tag North' })).toBeHidden();

  const newTag = card.getByRole('form', { name: `New tag in ${category}` });
  await newTag.getByRole('textbox', { name: 'New tag' }).fill('South');
  await newTag.getByRole('button', { name: 'Add' }).click();
  await expect(card.getByTestId('tag-item').filter({ hasText: 'South' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit the tag South' })).toBeHidden();
});
