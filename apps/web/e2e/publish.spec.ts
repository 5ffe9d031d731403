/**
 * The publish page on a processed media: the verbatim tab shows the transcript as it will be
 * exported, filters it by keyword, downloads DOCX and PDF files whose text is read back with
 * independent tools, and shows the PDF preview; the report tabs say what each report holds and offer
 * to generate it (reports.spec.ts goes further); the tab is in the address; a member who may only
 * read can export too; both languages, wide and on a phone.
 */
import { newAccount, signedInContext, signInBrowser, uniqueName } from './support/api.ts';
import { docxText, downloadFrom as download, pdfText } from './support/documents.ts';
import { dataDir } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT } from './support/media.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';
const LOAD_TIMEOUT = 30_000;

test('the verbatim export: text, keyword filter, DOCX and PDF read back, the PDF preview, the report tabs, in both languages', async ({
  page,
  api,
  context,
  baseURL,
  browser,
  clientIp,
}) => {
  test.setTimeout(PROCESSING_TIMEOUT + 180_000);
  const owner = await api.signUp(newAccount('publish'));
  const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Publish org'));
  const name = `Address ${Math.random().toString(36).slice(2, 7)}`;
  const id = await createMedia(api, owner.tokens.auth_token, organization._id, name, { membersRight: 1 });
  await signInBrowser(context, baseURL!, owner.tokens, organization._id);

  // A word the recognizer heard, to filter by; and one nobody said.
  const media = await api.get<{ speakers: { speaker_name: string }[]; text: { words: { word: string }[] }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token);
  const words = media.text.flatMap((turn) => turn.words.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, ''))).filter((w) => w.length >= 4);
  expect(words.length, 'the transcript has words').toBeGreaterThan(0);
  const keyword = words.includes('country') ? 'country' : words[0]!;

  // The verbatim tab opens by default, with the transcript as it will be exported.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/interface/conversations/${id}/publish`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish and export' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('tab', { name: 'Verbatim' })).toHaveAttribute('aria-selected', 'true');
  const text = page.getByTestId('verbatim-text');
  await expect(text).toContainText(new RegExp(keyword, 'i'), { timeout: LOAD_TIMEOUT });
  await expect(text).toContainText(/00:00:\d\d/);
  await expect(page.getByText(/^\d+ turns?$/)).toBeVisible();

  // Times off: the text loses them; a keyword nobody said keeps nothing; the heard one keeps its turn.
  // Keeping the media's speaker keeps its turns; clearing the choice brings back every speaker.
  const speakers = page.getByRole('textbox', { name: 'Speakers' });
  await speakers.click();
  await page.getByRole('option', { name: media.speakers[0]!.speaker_name }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/^\d+ turns? match(es)? the filter$/)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(text).toContainText(new RegExp(keyword, 'i'));
  // Backspace in the field takes the last speaker off, as a keyboard user would.
  await speakers.press('Backspace');
  await expect(page.getByText(/^\d+ turns?$/)).toBeVisible({ timeout: LOAD_TIMEOUT });

  await page.getByRole('checkbox', { name: 'Times' }).uncheck();
  await expect(text).not.toContainText(/00:00:\d\d/);
  const keywords = page.getByRole('textbox', { name: 'Keywords' });
  await keywords.fill('zyxwvut');
  await expect(page.getByText('No turn matches these choices.')).toBeVisible();
  await keywords.fill(`zyxwvut, ${keyword}`);
  await expect(page.getByText(/^\d+ turns? match(es)? the filter$/)).toBeVisible();
  await expect(text).toContainText(new RegExp(keyword, 'i'));
  await page.screenshot({ path: `${SCREENSHOTS}/publish-verbatim-en.png`, fullPage: true });

  // A Word file under the server's name, holding the filtered text.
  const docx = await download(page, 'Word (DOCX)');
  expect(docx.suggestedFilename()).toBe(`${name}.docx`);
  await expect(page.getByText(`Saved as ${name}.docx`)).toBeVisible();
  const docxContent = docxText(await docx.path());
  expect(docxContent).toContain(name);
  expect(docxContent.toLowerCase()).toContain(keyword);

  // A PDF too, read back with pdftotext; a title of one's own names the file and heads the document.
  await page.getByRole('textbox', { name: 'Document title' }).fill('Inaugural address');
  await expect(page.getByRole('heading', { name: 'Inaugural address' })).toBeVisible();
  const pdf = await download(page, 'PDF');
  expect(pdf.suggestedFilename()).toBe('Inaugural address.pdf');
  const pdfContent = pdfText(await pdf.path());
  expect(pdfContent).toContain('Inaugural address');
  expect(pdfContent.toLowerCase()).toContain(keyword);

  // The PDF preview, shown in the page from the file the server made.
  await page.getByText('PDF', { exact: true }).click();
  const previewAnswer = page.waitForResponse((response) => response.url().includes('/download?') && new URL(response.url()).searchParams.get('preview') === 'true');
  await page.getByRole('button', { name: 'Show the PDF preview' }).click();
  const answer = await previewAnswer;
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline/);
  const frame = page.getByTestId('pdf-preview');
  await expect(frame).toBeVisible({ timeout: LOAD_TIMEOUT });
  const src = (await frame.getAttribute('src'))!;
  expect(src).toMatch(/^blob:/);
  await expect.poll(() => page.frames().some((f) => f.url() === src)).toBe(true);
  await expect(page.getByRole('link', { name: 'Open the PDF in a new tab' })).toHaveAttribute('href', src);
  // Changed choices make it stale until refreshed.
  await page.getByRole('checkbox', { name: 'Speaker names' }).uncheck();
  await expect(page.getByText(/The choices have changed since this preview/)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh the preview' }).click();
  await expect(page.getByText(/The choices have changed since this preview/)).toBeHidden({ timeout: LOAD_TIMEOUT });
  await expect.poll(() => frame.getAttribute('src')).not.toBe(src);
  await page.screenshot({ path: `${SCREENSHOTS}/publish-pdf-en.png`, fullPage: true });

  // A format the server cannot make (OpenDocument without LibreOffice) is said in words, and nothing is saved.
  await page.route(/\/download\?.*format=odt/, (route) =>
    route.fulfill({ status: 503, json: { status: 'error', code: 'export_unavailable', message: 'This format needs LibreOffice, which is not installed on the server' } }),
  );
  await page.getByRole('button', { name: 'Download' }).click();
  await page.getByRole('menuitem', { name: 'OpenDocument (ODT)' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The OpenDocument (ODT) file could not be made' });
  await expect(refusal).toContainText('This export format is not available on this server');
  await page.unroute(/\/download\?.*format=odt/);

  // The tabs move with the arrow keys, and the address names the tab.
  await page.getByRole('tab', { name: 'Verbatim' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Full report' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('cri');
  await expect(page.getByText('This report has not been generated yet.')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.goto(`/interface/conversations/${id}/publish?tab=summary`);
  await expect(page.getByRole('tab', { name: 'Automatic summary' })).toHaveAttribute('aria-selected', 'true', { timeout: LOAD_TIMEOUT });
  await expect(page.getByText(/A short summary of the media/)).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/interface/conversations/${id}/publish?tab=verbatim`);
  await expect(page.getByTestId('verbatim-text')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/publish-verbatim-phone.png`, fullPage: true });
  await page.goto(`/interface/conversations/${id}/publish?tab=cred`);
  await expect(page.getByText('This report has not been generated yet.')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.screenshot({ path: `${SCREENSHOTS}/publish-report-phone.png`, fullPage: true });

  // In French.
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
    await frenchPage.goto(`/interface/conversations/${id}/publish`);
    await expect(frenchPage.getByRole('heading', { level: 1, name: 'Publier et exporter' })).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(frenchPage.getByRole('tab', { name: 'Verbatim' })).toHaveAttribute('aria-selected', 'true');
    await expect(frenchPage.getByRole('tab', { name: 'Compte rendu intégral' })).toBeVisible();
    await expect(frenchPage.getByRole('textbox', { name: 'Mots-clés', exact: true })).toBeVisible();
    await expect(frenchPage.getByRole('checkbox', { name: 'Horodatages' })).toBeChecked();
    await expect(frenchPage.getByTestId('verbatim-text')).toContainText(new RegExp(keyword, 'i'), { timeout: LOAD_TIMEOUT });
    await frenchPage.getByRole('button', { name: 'Télécharger' }).click();
    await expect(frenchPage.getByRole('menuitem', { name: 'Texte brut (TXT)' })).toBeVisible();
    await frenchPage.keyboard.press('Escape');
    await frenchPage.screenshot({ path: `${SCREENSHOTS}/publish-verbatim-fr.png`, fullPage: true });
    await frenchPage.getByRole('tab', { name: 'Résumé automatique' }).click();
    await expect(frenchPage.getByText("Ce rapport n'a pas encore été généré.")).toBeVisible({ timeout: LOAD_TIMEOUT });
  } finally {
    await french.close();
  }

  // A member who may only read exports too.
  const member = await api.signUp(newAccount('reader'));
  await joinOrganization(api, dataDir(), owner.tokens.auth_token, organization._id, member);
  const reader = await signedInContext(browser, { baseURL: baseURL!, clientIp, tokens: member.tokens, organizationId: organization._id });
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto(`/interface/conversations/${id}/publish`);
    await expect(readerPage.getByTestId('verbatim-text')).toContainText(new RegExp(keyword, 'i'), { timeout: LOAD_TIMEOUT });
    const plain = await download(readerPage, 'Plain text (TXT)');
    expect(plain.suggestedFilename()).toBe(`${name}.txt`);
  } finally {
    await reader.close();
  }
});
