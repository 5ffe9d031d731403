/**
 * The library's search, sort, page and page size live in the address: a reload, the back button and
 * a shared link keep them, and invalid values fall back to the defaults. A search snippet is a link
 * that opens the media at the moment the words are spoken.
 */
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';

const names = async (page: Page) =>
  page
    .getByRole('table', { name: 'Media' })
    .getByTestId('media-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('th a')?.textContent ?? ''));
/** A first load of the client on a busy machine. */
const LOAD_TIMEOUT = 30_000;
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test('search, sort, page and page size survive a reload and the back button; invalid values fall back', async ({ page, api, context, baseURL }) => {
  test.setTimeout(4 * PROCESSING_TIMEOUT);
  const owner = await api.signUp(newAccount('listurl'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('List URL org'));
  const word = `quokka${Math.random().toString(36).slice(2, 7)}`;
  const titles = Array.from({ length: 12 }, (_, i) => `${word} item ${String(i + 1).padStart(2, '0')}`);
  for (const title of titles) await createMedia(api, owner.tokens.auth_token, organization._id, title, { file: silentWav(1), wait: false });
  await createMedia(api, owner.tokens.auth_token, organization._id, 'Unrelated', { file: silentWav(1), wait: false });
  // Processed first, so the list is not refreshed by progress notices while the test reads it.
  await expect
    .poll(
      async () => {
        const page = await api.get<{ list: { status: string }[] }>(`/cm-api/api/organizations/${organization._id}/conversations?size=20`, owner.tokens.auth_token);
        return page.list.filter((item) => item.status !== 'done' && item.status !== 'error').length;
      },
      { timeout: 3 * PROCESSING_TIMEOUT, intervals: [1000, 2000] },
    )
    .toBe(0);
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);

  await page.goto('/interface/explore');
  await expect(page.getByText('13 media')).toBeVisible({ timeout: LOAD_TIMEOUT });

  // Search: the text reaches the address.
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect.poll(() => query(page).text).toBe(word);
  await expect(page.getByText('12 media')).toBeVisible({ timeout: LOAD_TIMEOUT });

  // Sort by name, ascending, then the second page.
  await page.getByRole('textbox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name', exact: true }).click();
  await page.getByRole('button', { name: /^Descending order/ }).click();
  await expect.poll(() => query(page)).toEqual({ text: word, sort: 'name', order: 'asc' });
  await expect.poll(() => names(page)).toEqual(titles.slice(0, 10));
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect.poll(() => query(page)).toEqual({ text: word, sort: 'name', order: 'asc', page: '2' });
  await expect.poll(() => names(page)).toEqual(titles.slice(10));

  // A reload keeps all of it, the fields included.
  await page.reload();
  await expect.poll(() => names(page), { timeout: LOAD_TIMEOUT }).toEqual(titles.slice(10));
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Name');
  await expect(page.getByRole('button', { name: /^Ascending order/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');

  // Back: the first page; forward: the second again; opening a media and coming back keeps the page.
  await page.goBack();
  await expect.poll(() => query(page).page).toBeUndefined();
  await expect.poll(() => names(page)).toEqual(titles.slice(0, 10));
  await page.goForward();
  await expect.poll(() => names(page)).toEqual(titles.slice(10));
  // The title (the snippet, quoting the title, links there too).
  await page.getByRole('link', { name: titles[11], exact: true }).first().click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/interface\/conversations\//);
  await page.goBack();
  await expect.poll(() => names(page), { timeout: LOAD_TIMEOUT }).toEqual(titles.slice(10));
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);

  // A bigger page shows them all, and starts again from the first page.
  await page.getByRole('textbox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect.poll(() => query(page)).toEqual({ text: word, sort: 'name', order: 'asc', size: '25' });
  await expect.poll(() => names(page)).toEqual(titles);

  // A link with invalid values opens the defaults (newest first, first page, 10 a page).
  await page.goto('/interface/explore?sort=owner&order=sideways&page=zero&size=7');
  await expect(page.getByText('13 media')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Last update');
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('data-active', 'true');
  await expect(page.getByRole('table', { name: 'Media' }).getByTestId('media-row')).toHaveCount(10);
});

test('a search snippet is a link that opens the media at the moment the words are spoken', async ({ page, api, context, baseURL }) => {
  // A busy machine may take a while to transcribe the fixture.
  test.setTimeout(3 * PROCESSING_TIMEOUT);
  const owner = await api.signUp(newAccount('snippet'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Snippet org'));
  const name = `Speech ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, name, { wait: false });
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token)).status, {
      timeout: 2 * PROCESSING_TIMEOUT,
      intervals: [1000, 2000],
    })
    .toBe('done');
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);

  // A recognized word of five letters or more, "country" when the recognizer heard it.
  const media = await api.get<{ text: { words: { word: string; stime: number }[] }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token);
  const words = media.text.flatMap((turn) => turn.words).map((w) => ({ ...w, word: w.word.toLowerCase().replace(/[^a-z]/g, '') }));
  const candidates = words.filter((w) => w.word.length >= 5 && w.stime > 1);
  expect(candidates.length, 'the transcript has a word of five letters or more after the first second').toBeGreaterThan(0);
  const word = (candidates.find((w) => w.word === 'country') ?? candidates[0]!).word;
  const times = words.filter((w) => w.word === word).map((w) => w.stime);

  // The search arrives by a shared link, and the snippet opens the media where the word is.
  await page.goto(`/interface/explore?text=${word}`);
  const snippet = page.getByTestId('media-highlight');
  await expect(snippet).toContainText(new RegExp(word, 'i'), { timeout: LOAD_TIMEOUT });
  await expect(snippet).toHaveAttribute('href', new RegExp(`^/interface/conversations/${id}\\?t=`));
  await snippet.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/interface/conversations/${id}`);
  const at = Number(new URL(page.url()).searchParams.get('t'));
  expect(Math.min(...times.map((time) => Math.abs(time - at)))).toBeLessThan(0.2);
  await expect.poll(() => page.getByTestId('media-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(at - 0.1);

  // Back in the library, the search is still there.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word, { timeout: LOAD_TIMEOUT });
  await expect(page.getByTestId('media-highlight')).toBeVisible();
});
