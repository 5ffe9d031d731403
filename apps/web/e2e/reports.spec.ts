/**
 * The publish page's reports on a processed media, against the real server: each kind generated with
 * the extractive methods and labelled so; an edit saved (raw HTML in it stays text), the versions
 * listed and the generated one restored; DOCX, PDF and Markdown downloads read back; a stale save
 * refused and the current text reloaded; the report outdated by an edit of the transcript, then
 * regenerated after a confirmation; a reader sees the text without the writer's buttons; one pass
 * in French; a report written by a language model (a server speaking the chat protocol, started by
 * the test); wide and narrow screenshots.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { Api, newAccount, signedInContext, signInBrowser, uniqueName } from './support/api.ts';
import { startChatModelServer, type ChatModelServer } from './support/chat-model.ts';
import { docxText, downloadFrom, pdfText } from './support/documents.ts';
import { ADMIN, dataDir } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';
import { makeTurn } from './support/transcripts.ts';
import { wideAndNarrowScreenshots } from './support/ui.ts';

const LOAD_TIMEOUT = 30_000;
const GENERATION_TIMEOUT = 90_000;
const EXTRACTIVE = /^Extractive: selected from the transcript, no language model · Generated on /;

/** Asks for the open tab's report; `method` is chosen first when given (the choice's label, the option). */
async function startGeneration(page: Page, options: { button?: string; method?: { label: string; option: string } } = {}) {
  if (options.method) {
    await page.getByRole('textbox', { name: options.method.label }).click();
    await page.getByRole('option', { name: options.method.option }).click();
  }
  await page.getByRole('button', { name: options.button ?? 'Generate', exact: true }).click();
}

/** Generates the open tab's report and waits for its text. */
async function generate(page: Page, options: Parameters<typeof startGeneration>[1] = {}) {
  await startGeneration(page, options);
  await expect(page.getByTestId('report-text')).toBeVisible({ timeout: GENERATION_TIMEOUT });
}

/** A word of the report's own text (not its method line), to find in the exported files. */
function sampleWord(markdown: string): string {
  const words = markdown
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('_'))
    .join(' ')
    .match(/\p{L}{5,}/gu);
  expect(words, 'the report has words').not.toBeNull();
  return words!.at(-1)!.toLowerCase();
}

test('reports: each kind generated extractively, edited, restored, exported, outdated and regenerated; a reader; in French', async ({
  page,
  api,
  context,
  baseURL,
  browser,
  clientIp,
}) => {
  test.setTimeout(PROCESSING_TIMEOUT + 6 * GENERATION_TIMEOUT);
  const owner = await api.signUp(newAccount('reports'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Reports org'));
  const name = `Speech ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, name, { membersRight: 1 });
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);
  const reportOf = (kind: string) => api.get<{ markdown: string; state: string; versionId: string }>(`/cm-api/api/conversations/${id}/reports/${kind}`, owner.tokens.auth_token);

  // Nothing generated yet: what the summary holds, and the button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/interface/conversations/${id}/publish?tab=summary`);
  await expect(page.getByRole('heading', { level: 2, name: 'Automatic summary' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByText('This report has not been generated yet.')).toBeVisible();
  await expect(page.getByText(/A short summary of the media/)).toBeVisible();

  // The summary, generated with the extractive methods and labelled so.
  await generate(page);
  await expect(page.getByTestId('report-method')).toHaveText(EXTRACTIVE);
  const summary = await reportOf('summary');
  expect(summary.state).toBe('up_to_date');
  const word = sampleWord(summary.markdown);
  await expect(page.getByTestId('report-text')).toContainText(new RegExp(word, 'i'));
  await wideAndNarrowScreenshots(page, 'reports-summary');

  // The other kinds, each in its tab.
  for (const [tab, heading] of [
    ['Summary report', 'Summary report'],
    ['Commission and delegation reports', 'Commission and delegation reports'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await generate(page);
    await expect(page.getByTestId('report-method')).toHaveText(EXTRACTIVE);
  }
  expect((await reportOf('cra')).markdown.length).toBeGreaterThan(0);
  expect((await reportOf('cred')).markdown.length).toBeGreaterThan(0);
  await wideAndNarrowScreenshots(page, 'reports-cred');

  // An edit with a live preview; raw HTML typed in it stays text, a javascript: link is not a link.
  await page.getByRole('tab', { name: 'Automatic summary' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Automatic summary' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const source = page.getByRole('textbox', { name: 'Markdown text' });
  await expect(source).toBeFocused();
  await source.fill(
    '# Our own summary\n\nAsk **what you can do** <img src=x onerror="window.injected=1">\n\n- [a site](https://example.org) and [bad](javascript:window.injected=2)',
  );
  const preview = page.getByTestId('report-edit-preview');
  await expect(preview.locator('strong')).toHaveText('what you can do');
  await page.screenshot({ path: `${process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp'}/reports-edit-wide.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const text = page.getByTestId('report-text');
  await expect(text.getByRole('heading', { level: 3, name: 'Our own summary' })).toBeVisible();
  await expect(text).toContainText('<img src=x onerror="window.injected=1">');
  await expect(text.locator('img')).toHaveCount(0);
  await expect(text.getByRole('link', { name: 'a site' })).toHaveAttribute('target', '_blank');
  await expect(text.getByRole('link', { name: 'a site' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(text.getByRole('link', { name: 'bad' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();

  // The versions: the edit is current; the generated one is previewed and restored after a confirmation.
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Versions of the report' });
  const versions = drawer.getByTestId('report-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Edited');
  await expect(versions.nth(0)).toContainText('Current');
  await expect(versions.nth(1)).toContainText('Generated');
  await expect(versions.nth(1)).toContainText('Extractive method');
  await versions.nth(1).getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(versions.nth(1).getByTestId('report-version-preview')).toContainText(new RegExp(word, 'i'));
  await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
  const confirmRestore = page.getByRole('dialog', { name: 'Restore this version?' });
  await confirmRestore.getByRole('button', { name: 'Restore' }).click();
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Restored');
  await expect(versions.nth(0)).toContainText('Current');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(text).not.toContainText('Our own summary');
  await expect(text).toContainText(new RegExp(word, 'i'));

  // Downloads, read back: Word, PDF and the Markdown text.
  const docx = await downloadFrom(page, 'Word (DOCX)');
  expect(docx.suggestedFilename()).toMatch(/\.docx$/);
  const docxContent = docxText(await docx.path()).toLowerCase();
  expect(docxContent).toContain(name.toLowerCase());
  expect(docxContent).toContain(word);
  const pdf = await downloadFrom(page, 'PDF');
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(pdfText(await pdf.path()).toLowerCase()).toContain(word);
  const markdown = await downloadFrom(page, 'Markdown text');
  expect(fs.readFileSync(await markdown.path(), 'utf8').toLowerCase()).toContain(word);

  // A save on a version someone replaced meanwhile is refused; the editor offers the current text.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await source.fill('# My late edit');
  const current = await reportOf('summary');
  await api.send(
    'PUT',
    `/cm-api/api/conversations/${id}/reports/summary`,
    { markdown: `# Saved elsewhere\n\nThe ${word} stays.`, baseVersionId: current.versionId },
    owner.tokens.auth_token,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Another version was saved meanwhile' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Reload the current text' }).click();
  await expect(source).toHaveValue(/^# Saved elsewhere/);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(text.getByRole('heading', { name: 'Saved elsewhere' })).toBeVisible();

  // An edit of the transcript outdates the report; regenerating asks first.
  const media = await api.get<{ text: { turn_id: string; segment: string }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token);
  const turn = media.text[0]!;
  await api.send('PATCH', `/cm-api/api/conversations/${id}/turns/${turn.turn_id}`, { segment: `${turn.segment} Thank you all` }, owner.tokens.auth_token);
  // The stored transcript follows the edit after a short delay; the page opened again shows the warning.
  await expect.poll(async () => (await reportOf('summary')).state, { timeout: LOAD_TIMEOUT }).toBe('outdated');
  await page.reload();
  await expect(page.getByTestId('report-outdated')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByTestId('report-outdated')).toContainText('The transcript changed since this report was generated');
  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate this report?' });
  await expect(confirm).toContainText('stays in the versions');
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByTestId('report-outdated')).toBeHidden({ timeout: GENERATION_TIMEOUT });
  await expect.poll(async () => (await reportOf('summary')).state, { timeout: GENERATION_TIMEOUT }).toBe('up_to_date');
  await expect(page.getByTestId('report-method')).toHaveText(EXTRACTIVE);

  // A member who may only read sees the text and downloads it, without the writer's buttons.
  const member = await api.signUp(newAccount('report-reader'));
  await joinOrganization(api, dataDir(), owner.tokens.auth_token, organization._id, member);
  const reader = await signedInContext(browser, { baseURL: baseURL!, clientIp, tokens: member.tokens, organizationId: organization._id });
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto(`/interface/conversations/${id}/publish?tab=summary`);
    await expect(readerPage.getByTestId('report-text')).toContainText(new RegExp(word, 'i'), { timeout: LOAD_TIMEOUT });
    await expect(readerPage.getByRole('button', { name: 'Versions', exact: true })).toBeVisible();
    await expect(readerPage.getByRole('button', { name: /^(Generate|Regenerate|Edit)$/ })).toHaveCount(0);
    await readerPage.getByRole('tab', { name: 'Full report' }).click();
    await expect(readerPage.getByText(/Generating reports needs the right to edit this media/)).toBeVisible();
  } finally {
    await reader.close();
  }

  // In French: the full report, generated and labelled in French, and the regeneration's question.
  const french = await signedInContext(browser, {
    baseURL: baseURL!,
    clientIp,
    tokens: owner.tokens,
    organizationId: organization._id,
    locale: 'fr-FR',
    viewport: { width: 1440, height: 900 },
  });
  try {
    const frenchPage = await french.newPage();
    await frenchPage.goto(`/interface/conversations/${id}/publish?tab=cri`);
    await expect(frenchPage.getByRole('heading', { level: 2, name: 'Compte rendu intégral' })).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(frenchPage.getByText("Ce rapport n'a pas encore été généré.")).toBeVisible();
    await generate(frenchPage, { button: 'Générer' });
    await expect(frenchPage.getByTestId('report-method')).toHaveText(/^Extractif : sélectionné dans la transcription, sans modèle de langage · Généré le /);
    await frenchPage.getByRole('button', { name: 'Régénérer', exact: true }).click();
    const question = frenchPage.getByRole('dialog', { name: 'Régénérer ce rapport ?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Annuler' }).click();
    await expect(question).toBeHidden();
    await frenchPage.getByRole('button', { name: 'Télécharger' }).click();
    await expect(frenchPage.getByRole('menuitem', { name: 'Texte Markdown' })).toBeVisible();
    await frenchPage.keyboard.press('Escape');
    await wideAndNarrowScreenshots(frenchPage, 'reports-cri-fr');
  } finally {
    await french.close();
  }
});

test.describe('with a language model', () => {
  // A server of its own: the global AI profile made here must not reach the other specs' organizations.
  let server: E2eServer | null = null;
  let model: ChatModelServer | null = null;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    model = await startChatModelServer({ models: ['palabre-test'] });
    server = await startE2eServer();
  });

  test.afterAll(async () => {
    await server?.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
    await model?.close();
  });

  test('a report written by a language model names its AI profile', async ({ browser, clientIp }) => {
    test.setTimeout(PROCESSING_TIMEOUT + 2 * GENERATION_TIMEOUT);
    const baseURL = server!.baseURL;
    const api = await Api.create(baseURL, clientIp);
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1440, height: 900 } });
    try {
      // The administrator's global profile pointing at the loopback server (approved as theirs).
      const admin = await api.login(ADMIN.email, ADMIN.password);
      const profileName = uniqueName('Test model');
      await api.send(
        'POST',
        '/cm-api/api/ai_profiles',
        { name: profileName, organizationId: null, isDefault: false, config: { endpoint: model!.url, model: 'palabre-test', contextTokens: 8192 } },
        admin.auth_token,
      );
      const owner = await api.signUp(newAccount('model-reports'));
      const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Model reports org'));
      const id = await createMedia(api, owner.tokens.auth_token, organization._id, 'Budget meeting', { file: silentWav(20) });
      await api.send(
        'PATCH',
        `/cm-api/api/conversations/${id}`,
        {
          speakers: [
            { speaker_id: 'alice', speaker_name: 'Alice' },
            { speaker_id: 'bob', speaker_name: 'Bob' },
          ],
          text: [
            makeTurn('t1', 'alice', 'Welcome everyone to the budget meeting of the council', 0),
            makeTurn('t2', 'bob', 'The budget was cut by ten percent this year', 6),
            makeTurn('t3', 'alice', 'Then we must hire fewer people and the vote is adopted', 13),
          ],
        },
        owner.tokens.auth_token,
      );
      await signInBrowser(context, baseURL, owner.tokens, organization._id);
      const page = await context.newPage();

      await page.goto(`/interface/conversations/${id}/publish?tab=summary`);
      await expect(page.getByRole('heading', { level: 2, name: 'Automatic summary' })).toBeVisible({ timeout: LOAD_TIMEOUT });
      // Not a default profile: the extractive methods are chosen first, the profile is offered.
      await expect(page.getByRole('textbox', { name: 'Method' })).toHaveValue('Extractive (no language model)', { timeout: LOAD_TIMEOUT });
      await generate(page, { method: { label: 'Method', option: profileName } });
      await expect(page.getByTestId('report-method')).toHaveText(new RegExp(`^Generated by ${profileName} · Generated on `));
      await expect(page.getByTestId('report-text')).toContainText('Summary:');
      expect(model!.requests.some((request) => request.path.endsWith('/chat/completions'))).toBe(true);
      await wideAndNarrowScreenshots(page, 'reports-model');

      // The provider failing after the retries (4 attempts): the temporary error asks to try again, and the retry succeeds.
      // The tab opens at once: the choice below is made in its own panel, not in the one it replaces.
      await page.getByRole('tab', { name: 'Summary report' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Summary report' });
      await expect(panel.getByRole('heading', { level: 2, name: 'Summary report' })).toBeVisible();
      await expect(panel.getByRole('textbox', { name: 'Method' })).toBeVisible({ timeout: LOAD_TIMEOUT });
      model!.script(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
      await startGeneration(page, { method: { label: 'Method', option: profileName } });
      const failure = page.getByTestId('report-error');
      await expect(failure).toBeVisible({ timeout: GENERATION_TIMEOUT });
      await expect(failure).toContainText('The summary report could not be generated');
      await expect(failure).toContainText('Please try again in a moment.');
      await page.getByRole('button', { name: 'Retry', exact: true }).click();
      await expect(page.getByTestId('report-method')).toHaveText(new RegExp(`^Generated by ${profileName}`), { timeout: GENERATION_TIMEOUT });
      await expect(failure).toBeHidden();
    } finally {
      await context.close();
      await api.dispose();
    }
  });
});
