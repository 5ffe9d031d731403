/**
 * Highlights in the transcript editor, on a server of its own with the experimental flag on: words
 * selected in a turn are highlighted with a tag, metadata and a comment (the toolbar's action or
 * Ctrl+Shift+H); the mark is drawn on those words and stays on them while text is typed before it;
 * the highlights panel jumps to the next and previous ones (their words selected, the player at
 * their start); a highlight is changed and removed. One check in French. On the run's own server
 * (flag off) the editor offers none of it.
 */
import { RIGHT_LEVELS } from '@palabre/shared';
import type { Browser, Page } from '@playwright/test';
import { Api, signInBrowser, uniqueName } from './support/api.ts';
import { caretAt, currentTime, mediaWithTranscript, openEditor, tr, turnText, type Locale } from './support/editor.ts';
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
    makeTurn('t3', 'alice', 'Then we must hire fewer people next spring', 13),
  ],
};

let server: E2eServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startE2eServer({ EXPERIMENTAL_HIGHLIGHT: 'true' });
});

test.afterAll(async () => {
  await server?.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
});

async function openHighlights(browser: Browser, clientIp: string, locale: Locale) {
  const baseURL = server!.baseURL;
  const api = await Api.create(baseURL, clientIp);
  const media = await mediaWithTranscript(api, `highlights-${locale}`, locale, TRANSCRIPT, { membersRight: RIGHT_LEVELS.read, seconds: 30 });
  const token = media.owner.tokens.auth_token;
  const category = await api.send<{ _id: string }>('POST', `/cm-api/api/organizations/${media.organizationId}/categories`, { name: uniqueName('Topics'), color: 'grape' }, token);
  await api.send('POST', `/cm-api/api/organizations/${media.organizationId}/tags`, { name: 'Finance', categoryId: category._id }, token);
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1400, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  await signInBrowser(context, baseURL, media.owner.tokens, media.organizationId);
  const page = await context.newPage();
  await openEditor(page, media.id);
  return { api, media, context, page, token };
}

/** Selects [start, end) of a turn's text, as a user dragging over its words would. */
async function selectText(page: Page, turnId: string, start: number, end: number) {
  await turnText(page, turnId).click();
  await turnText(page, turnId).evaluate(
    (element, [from, to]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const at = (offset: number): [Node, number] => {
        let left = offset;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (left <= length) return [node, left];
          left -= length;
        }
        throw new Error('offset out of the text');
      };
      const [startNode, startOffset] = at(from!);
      walker.currentNode = element;
      const [endNode, endOffset] = at(to!);
      document.getSelection()!.setBaseAndExtent(startNode, startOffset, endNode, endOffset);
    },
    [start, end],
  );
}

/** The texts the marks cover now (every mark, the current one apart). */
const marks = (page: Page) =>
  page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    const texts = (name: string) => [...(registry.get(name) ?? [])].map((range) => range.toString());
    return { all: texts('editor-highlights'), current: texts('editor-highlight-current') };
  });

const selectedText = (page: Page) => page.evaluate(() => document.getSelection()?.toString() ?? '');

test('words are highlighted with a tag, metadata and a comment; the mark follows edits; next and previous jump', async ({ browser, clientIp }) => {
  test.setTimeout(120_000);
  const { api, context, page } = await openHighlights(browser, clientIp, 'en-US');

  // "cut by ten percent", selected from inside its first and last words: the whole words are marked.
  await selectText(page, 't2', 16, 31);
  await page.keyboard.press('Control+Shift+H');
  const form = page.getByRole('dialog', { name: 'Highlight the selected words' });
  await expect(form.getByTestId('highlight-form-text')).toHaveText('cut by ten percent');
  await form.getByRole('textbox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await form.getByRole('button', { name: 'Add metadata' }).click();
  await form.getByRole('textbox', { name: 'Name 1' }).fill('Amount');
  await form.getByRole('textbox', { name: 'Value 1' }).fill('10%');
  await form.getByRole('textbox', { name: 'Comment' }).fill('Check against the minutes');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect.poll(() => marks(page)).toEqual({ all: [], current: ['cut by ten percent'] });

  // Typing before the mark moves it with its words, at once.
  await caretAt(page, 't2', 0);
  await page.keyboard.type('So ');
  await expect(turnText(page, 't2')).toHaveText('So The budget was cut by ten percent this year');
  await expect.poll(() => marks(page)).toEqual({ all: [], current: ['cut by ten percent'] });

  // A second one from the toolbar's button, in the next turn.
  await selectText(page, 't3', 9, 15);
  await page.getByRole('button', { name: 'Highlight the selected words' }).click();
  await expect(form.getByTestId('highlight-form-text')).toHaveText('must hire');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect.poll(() => marks(page)).toEqual({ all: ['cut by ten percent'], current: ['must hire'] });

  await page.getByRole('button', { name: 'Highlights', exact: true }).click();
  const panel = page.locator('[data-editor-panel="highlights"]');
  const items = panel.getByTestId('highlight-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('“cut by ten percent”');
  await expect(items.first()).toContainText('Finance');
  await expect(items.first()).toContainText('Amount: 10%');
  await expect(items.first()).toContainText('Check against the minutes');
  await expect(panel.getByTestId('highlights-position')).toHaveText('2 of 2');

  await panel.getByRole('button', { name: 'Previous' }).click();
  await expect(panel.getByTestId('highlights-position')).toHaveText('1 of 2');
  await expect.poll(() => selectedText(page)).toBe('cut by ten percent');
  await expect.poll(() => currentTime(page)).toBeCloseTo(7.5, 1);
  await expect.poll(() => marks(page)).toEqual({ all: ['must hire'], current: ['cut by ten percent'] });
  await page.screenshot({ path: `${SCREENSHOTS}/highlights-panel.png` });

  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByTestId('highlights-position')).toHaveText('2 of 2');
  await expect.poll(() => selectedText(page)).toBe('must hire');
  await expect.poll(() => currentTime(page)).toBeCloseTo(14, 1);

  // Changed, then removed.
  await items.last().getByRole('button', { name: 'Change' }).click();
  const edit = page.getByRole('dialog', { name: 'Change the highlight' });
  await edit.getByRole('textbox', { name: 'Comment' }).fill('Hiring freeze');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(items.last()).toContainText('Hiring freeze');
  await items.last().getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove the highlight' }).getByRole('button', { name: 'Remove' }).click();
  await expect(items).toHaveCount(1);
  await expect.poll(async () => (await marks(page)).all.concat((await marks(page)).current)).toEqual(['cut by ten percent']);
  await context.close();
  await api.dispose();
});

test('highlighting in French, and nothing selected', async ({ browser, clientIp }) => {
  const { api, context, page } = await openHighlights(browser, clientIp, 'fr-FR');
  await caretAt(page, 't1', 3);
  await page.keyboard.press('Control+Shift+H');
  await expect(page.getByText(tr('fr-FR', 'editor:highlight.selectFirst'))).toBeVisible();
  await selectText(page, 't1', 0, 7);
  await page.getByRole('button', { name: tr('fr-FR', 'editorPanels:panels.highlight'), exact: true }).click();
  const form = page.getByRole('dialog', { name: tr('fr-FR', 'highlights:form.createTitle') });
  await expect(form.getByTestId('highlight-form-text')).toHaveText('Welcome');
  await form.getByRole('textbox', { name: tr('fr-FR', 'highlights:form.comment') }).fill('Accueil');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: tr('fr-FR', 'editorPanels:panels.highlights'), exact: true }).click();
  await expect(page.locator('[data-editor-panel="highlights"]').getByTestId('highlight-item')).toContainText('Accueil');
  await page.screenshot({ path: `${SCREENSHOTS}/highlights-fr.png` });
  await context.close();
  await api.dispose();
});

test('with the flag off, the editor offers no highlights', async ({ page, api, baseURL }) => {
  const media = await mediaWithTranscript(api, 'highlights-off', 'en-US', TRANSCRIPT);
  await signInBrowser(page.context(), baseURL!, media.owner.tokens, media.organizationId);
  await openEditor(page, media.id);
  await expect(page.getByRole('button', { name: 'Ask the transcript', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Highlights', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Highlight the selected words', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(page.getByTestId('editor-shortcuts').locator('[data-shortcut="highlight"]')).toHaveCount(0);
});
