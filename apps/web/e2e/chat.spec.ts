/**
 * The editor's conversation panel against a language model that speaks the real protocol (the
 * engines' test server, streaming its answers word by word), on a server of its own whose global AI
 * profile this spec creates as the platform administrator: first without any profile (the panel says
 * what it needs, in English and French), then a question whose answer streams in, is announced when
 * complete, and cites a moment that plays when clicked; an answer stopped before it came and one the
 * model provider fails; renaming and deleting a conversation.
 */
import { RIGHT_LEVELS } from '@palabre/shared';
import type { Browser, Page } from '@playwright/test';
import { Api, signInBrowser } from './support/api.ts';
import { startChatModelServer, type ChatModelServer } from './support/chat-model.ts';
import { currentTime, mediaWithTranscript, openEditor, tr, type Locale } from './support/editor.ts';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';
import { makeTurn } from './support/transcripts.ts';
import { SCREENSHOTS } from './support/ui.ts';

const TRANSCRIPT = {
  speakers: [
    { speaker_id: 'alice', speaker_name: 'Alice' },
    { speaker_id: 'bob', speaker_name: 'Bob' },
  ],
  text: [
    makeTurn('t1', 'alice', 'Welcome everyone to the budget meeting', 0),
    makeTurn('t2', 'bob', 'The budget was cut by ten percent this year', 6),
    makeTurn('t3', 'alice', 'Then we must hire fewer people', 13),
  ],
};

const ANSWER = 'The budget was **cut by ten percent** [T2].';

test.describe.configure({ mode: 'serial' });

let server: E2eServer | null = null;
let model: ChatModelServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  model = await startChatModelServer();
  server = await startE2eServer();
});

test.afterAll(async () => {
  await server?.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
  await model?.close();
});

async function openChat(browser: Browser, clientIp: string, locale: Locale) {
  const baseURL = server!.baseURL;
  const api = await Api.create(baseURL, clientIp);
  const media = await mediaWithTranscript(api, `chat-${locale}`, locale, TRANSCRIPT, { membersRight: RIGHT_LEVELS.read });
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  await signInBrowser(context, baseURL, media.owner.tokens, media.organizationId);
  const page = await context.newPage();
  await openEditor(page, media.id);
  await page.getByRole('button', { name: tr(locale, 'editorPanels:panels.chat'), exact: true }).click();
  return { api, media, context, page };
}

const ask = async (page: Page, question: string) => {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  await box.press('Enter');
};

test('without an AI profile the panel says what it needs, in English and French', async ({ browser, clientIp }) => {
  for (const locale of ['en-US', 'fr-FR'] as const) {
    const { api, context, page } = await openChat(browser, clientIp, locale);
    const panel = page.locator('[data-editor-panel="chat"]');
    await expect(panel.getByRole('heading', { name: tr(locale, 'editorPanels:panels.chat') })).toBeVisible();
    await expect(panel.getByTestId('chat-unavailable')).toHaveText(tr(locale, 'chat:unavailable'));
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await context.close();
    await api.dispose();
  }
});

test.describe('with a global AI profile', () => {
  test.beforeAll(async () => {
    const api = await Api.create(server!.baseURL);
    const admin = await api.login(ADMIN.email, ADMIN.password);
    await api.send(
      'POST',
      '/cm-api/api/ai_profiles',
      { name: 'Test model', organizationId: null, isDefault: true, config: { endpoint: model!.url, model: 'test-model', contextTokens: 8192 } },
      admin.auth_token,
    );
    await api.dispose();
  });

  test('a question is answered as it streams, with a citation that plays its moment', async ({ browser, clientIp }) => {
    test.setTimeout(120_000);
    const { api, context, page } = await openChat(browser, clientIp, 'en-US');
    const panel = page.locator('[data-editor-panel="chat"]');
    await expect(panel.getByText('No conversation yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await expect(panel.getByText(/Ask a question about what was said/)).toBeVisible();

    model!.script({ kind: 'reply', text: ANSWER });
    await ask(page, 'How much was the budget cut?');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer.getByTestId('chat-answer-text')).toContainText('The budget was cut by ten percent');
    await expect(answer.locator('strong')).toHaveText('cut by ten percent');
    // The answer is announced once complete, and the conversation takes its title from the question.
    await expect(panel.getByTestId('chat-announce')).toContainText('Answer received: The budget was cut by ten percent');
    await expect(panel.getByTestId('chat-select')).toHaveValue('How much was the budget cut?');
    // The model was given the transcript labelled by turn, and the question.
    const sent = model!.requests.at(-1)!.body as { stream: boolean; messages: Array<{ role: string; content: string }> };
    expect(sent.stream).toBe(true);
    expect(sent.messages.map((message) => message.content).join('\n')).toContain('[T2 00:06 Bob] The budget was cut by ten percent this year');

    // The citation, in the text and in the list below: "0:06 Bob"; a click plays from there.
    const inline = answer.getByTestId('chat-answer-text').getByRole('button', { name: 'Play from 0:06, Bob' });
    await expect(inline).toHaveText('0:06 Bob');
    await expect(answer.getByTestId('chat-citations').getByRole('button', { name: 'Play from 0:06, Bob' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/chat-panel.png` });
    await inline.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(6);
    await expect(page.locator('[data-turn-id="t2"]')).toBeInViewport();

    // An answer stopped while the model is still silent: the panel says it is incomplete.
    model!.script({ kind: 'hang' });
    await ask(page, 'Anything else?');
    await expect(panel.getByText('Answering…')).toBeVisible();
    await panel.getByTestId('chat-stop').click();
    await expect(panel.getByTestId('chat-send')).toBeVisible();
    await expect(panel.getByTestId('chat-answer').last().getByTestId('chat-answer-error')).toBeVisible();
    await expect(panel.getByTestId('chat-question').last()).toHaveText(/Anything else\?/);
    // The server keeps the question and what came of the answer, with why it ended.
    await page.reload();
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Ask the transcript', exact: true }).click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(2);
    await expect(panel.getByTestId('chat-answer').last().getByTestId('chat-answer-error')).toBeVisible();

    // The provider failing: the answer says to try again later.
    model!.script({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    await ask(page, 'And now?');
    await expect(panel.getByTestId('chat-answer').last().getByTestId('chat-answer-error')).toHaveText('The AI model could not be reached: try again later.', { timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/chat-panel-errors.png` });
    // Narrower, the panel is a drawer over the transcript, with the same conversation.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByRole('dialog', { name: 'Ask the transcript' }).getByTestId('chat-question').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/chat-panel-narrow.png` });
    await context.close();
    await api.dispose();
  });

  test('a conversation is renamed and deleted', async ({ browser, clientIp }) => {
    const { api, context, page } = await openChat(browser, clientIp, 'en-US');
    const panel = page.locator('[data-editor-panel="chat"]');
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await panel.getByRole('button', { name: 'Rename the conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the conversation' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Budget questions');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('chat-select')).toHaveValue('Budget questions');

    await panel.getByRole('button', { name: 'Delete the conversation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the conversation' });
    await expect(confirm).toContainText('“Budget questions” and all its messages will be deleted.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(panel.getByText('No conversation yet.')).toBeVisible();
    await context.close();
    await api.dispose();
  });
});
