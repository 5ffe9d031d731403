/**
 * Keywords on the media overview: generated statistically from an uploaded recording's transcript,
 * shown as chips that open the library filtered by them; a provider error (an AI profile whose
 * server does not answer) and the retry; and the section in French.
 */
import { newAccount, signInBrowser, uniqueName } from './support/api.ts';
import { mediaWithTranscript, tr } from './support/editor.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';
import { makeTurn } from './support/transcripts.ts';
import { expectOnPath, SCREENSHOTS } from './support/ui.ts';

test('keywords of an uploaded recording: a provider error, the retry, then a chip opens the library filtered by it', async ({ page, api, context, baseURL }) => {
  test.setTimeout(PROCESSING_TIMEOUT + 90_000);
  const owner = await api.signUp(newAccount('keywords'));
  const token = owner.tokens.auth_token;
  const organization = await api.createOrganization(token, uniqueName('Keywords org'));
  const name = uniqueName('Inaugural address');
  const id = await createMedia(api, token, organization._id, name);

  // The organization's default AI profile points at a port where nothing listens (saved by a system administrator).
  const admin = await api.login(ADMIN.email, ADMIN.password);
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/ai_profiles',
    { name: 'Unreachable model', organizationId: organization._id, isDefault: true, config: { endpoint: 'http://127.0.0.1:9/v1', model: 'llama3.1:8b' } },
    admin.auth_token,
  );

  await signInBrowser(context, baseURL!, owner.tokens, organization._id);
  await page.goto(`/interface/conversations/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  const section = page.getByRole('region', { name: 'Keywords' });
  await expect(section).toContainText('No keywords yet.');

  await section.getByRole('button', { name: 'Generate keywords' }).click();
  const failure = section.getByTestId('keywords-error');
  await expect(failure).toContainText('The language model could not be reached or is busy. Try again later.', { timeout: 60_000 });

  // Without the profile, the retry extracts them statistically.
  await api.send('DELETE', `/cm-api/api/ai_profiles/${profile._id}`, undefined, admin.auth_token);
  await section.getByRole('button', { name: 'Retry' }).click();
  const chips = section.getByTestId('keyword-chip');
  await expect(chips.first()).toBeVisible({ timeout: 30_000 });
  await expect(failure).toBeHidden();
  await expect(section.getByTestId('keywords-method')).toHaveText('Extracted statistically, no language model');
  // Keywords there already are made again, not generated a first time.
  await expect(section.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Generate keywords' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/keywords-overview-en.png` });

  const keyword = (await chips.first().textContent())!.trim();
  await chips.first().click();
  await expectOnPath(page, '/interface/explore');
  expect(new URL(page.url()).searchParams.get('keyword')).toBe(keyword);
  await expect(page.getByTestId('keyword-criterion')).toHaveText(keyword);
  await expect(page.getByRole('link', { name })).toBeVisible();

  // A keyword the media lacks leaves the list empty; removing it shows the media again.
  await page.getByLabel('Keyword', { exact: true }).fill('no such keyword at all');
  await page.getByLabel('Keyword', { exact: true }).press('Enter');
  await expect(page.getByTestId('keyword-criterion')).toHaveCount(2);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove the keyword no such keyword at all' }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // The export's keyword filter offers the media's keywords.
  await page.goto(`/interface/conversations/${id}/publish?tab=verbatim`);
  const offered = page.getByRole('group', { name: "The media's keywords" }).getByRole('button', { name: keyword, exact: true });
  await offered.click();
  await expect(offered).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Keywords' })).toHaveValue(keyword);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the keywords section speaks French and says the keywords are outdated after an edit', async ({ page, api, context, baseURL }) => {
    test.setTimeout(PROCESSING_TIMEOUT + 60_000);
    const speakers = [{ speaker_id: 'S1', speaker_name: 'Maire' }];
    const first = 'Le conseil municipal vote le budget des transports en commun. Le budget des transports en commun augmente pour la ville.';
    const transcript = { speakers, text: [makeTurn('t1', 'S1', first, 0)] };
    const media = await mediaWithTranscript(api, 'mots-cles', 'fr-FR', transcript);
    await signInBrowser(context, baseURL!, media.owner.tokens, media.organizationId);
    await page.goto(`/interface/conversations/${media.id}`);
    const section = page.getByRole('region', { name: tr('fr-FR', 'keywords:title') });
    await expect(section).toBeVisible({ timeout: 30_000 });
    await section.getByRole('button', { name: tr('fr-FR', 'keywords:generate') }).click();
    await expect(section.getByTestId('keyword-chip').first()).toBeVisible({ timeout: 30_000 });
    await expect(section.getByTestId('keywords-method')).toHaveText(tr('fr-FR', 'keywords:method.extractive'));
    await expect(
      section
        .getByTestId('keyword-chip')
        .filter({ hasText: /budget|transports/i })
        .first(),
    ).toBeVisible();

    // The transcript changes: the keywords say so, and "Update" extracts them again.
    await api.send(
      'PATCH',
      `/cm-api/api/conversations/${media.id}`,
      { speakers, text: [makeTurn('t1', 'S1', 'La bibliothèque municipale ouvre le dimanche et la bibliothèque prête des livres.', 0)] },
      media.owner.tokens.auth_token,
    );
    await expect(section.getByTestId('keywords-outdated')).toHaveText(tr('fr-FR', 'keywords:outdated'), { timeout: 30_000 });
    await section.getByRole('button', { name: tr('fr-FR', 'keywords:update') }).click();
    await expect(section.getByTestId('keywords-outdated')).toBeHidden({ timeout: 30_000 });
    await expect(
      section
        .getByTestId('keyword-chip')
        .filter({ hasText: /biblioth/i })
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/keywords-overview-fr.png` });
  });
});
