/**
 * The transcript editor in Chromium: typing inside a word persists across a reload with no sync
 * error; two writers type in two turns at once while a third person sees both; a reader cannot type
 * (and the server refuses a reader's update); undo and redo; Enter splits and Backspace merges, with
 * the length rule; editing offline is kept and merged on reconnect, the sync state saying so. English
 * and French, and screenshots at a desktop and a narrow width.
 */
import { COLLAB_SOCKET_PATH, RIGHT_LEVELS, type CollabAck, type CollabClientToServerEvents, type CollabServerToClientEvents, type DocJoinAck } from '@palabre/shared';
import { io, type Socket } from 'socket.io-client';
import * as Y from 'yjs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { newAccount, signInBrowser, type Api, type SignedInAccount } from './support/api.ts';
import { caretAt, mediaWithTranscript, openEditor, tr, turnText, type Locale } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { PROCESSING_TIMEOUT } from './support/media.ts';
import { makeTurn } from './support/transcripts.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A turn of about `count` characters of one repeated word, spoken fast from `start`. */
function longTurn(id: string, speaker: string, word: string, count: number, start: number) {
  const n = Math.floor((count + 1) / (word.length + 1));
  // Whole milliseconds, as the format wants: one word every 5 ms.
  const words = Array.from({ length: n }, (_, i) => ({ wid: `${id}-w${i}`, stime: ms(start + i * 0.005), etime: ms(start + i * 0.005 + 0.004), word, confidence: 0.9 }));
  return { turn_id: id, speaker_id: speaker, segment: words.map((w) => w.word).join(' '), stime: start, etime: words.at(-1)!.etime, words };
}

/** The second word of every turn has a low confidence. */
const turn = (id: string, speaker: string, text: string, start: number) => makeTurn(id, speaker, text, start, { confidence: (i) => (i === 1 ? 0.3 : 0.9) });

const SPEAKERS = [
  { speaker_id: 'alice', speaker_name: 'Alice' },
  { speaker_id: 'bob', speaker_name: 'Bob' },
];
const TEXT = [turn('t1', 'alice', 'The quick brown fox jumps', 0), turn('t2', 'bob', 'over the lazy dog today', 4), turn('t3', 'alice', 'and then it rests', 8)];

const withText = (api: Api, prefix: string, locale: Locale, text: unknown[] = TEXT, membersRight: number = RIGHT_LEVELS.read) =>
  mediaWithTranscript(api, prefix, locale, { speakers: SPEAKERS, text }, { membersRight });

const syncState = (page: Page) => page.locator('[data-sync-state]');

/** A client of the collaboration socket (docs/collaboration.md) that joins and tries to delete the first turn. */
async function readerDeletesFirstTurn(baseURL: string, token: string, conversationId: string): Promise<{ join: DocJoinAck; ack: CollabAck }> {
  const socket: Socket<CollabServerToClientEvents, CollabClientToServerEvents> = io(baseURL, {
    path: COLLAB_SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  try {
    const doc = new Y.Doc();
    const join = await socket.timeout(10_000).emitWithAck('doc:join', { conversationId, stateVector: Y.encodeStateVector(doc) });
    if (!join.ok) return { join, ack: join };
    Y.applyUpdate(doc, new Uint8Array(join.update));
    const before = Y.encodeStateVector(doc);
    doc.getArray('turns').delete(0, 1);
    const ack = await socket.timeout(10_000).emitWithAck('doc:update', { conversationId, update: Y.encodeStateAsUpdate(doc, before) });
    return { join, ack };
  } finally {
    socket.close();
  }
}

async function newSignedInPage(
  browser: Browser,
  baseURL: string,
  account: SignedInAccount,
  organizationId: string,
  locale: Locale,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  return { context, page: await context.newPage() };
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`typing inside a word persists across a reload, with no sync error (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const { id, owner, organizationId } = await withText(api, 'edit', locale);
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);
      await expect(syncState(page)).toHaveAttribute('data-sync-state', 'connected');
      await expect(syncState(page)).toHaveText(tr(locale, 'editor:sync.connected'));
      // The low-confidence word is marked; "quick" becomes "quiick" (inside the word: it keeps its times).
      const quick = turnText(page, 't1').locator('span[data-wid]').nth(1);
      await expect(quick).toHaveText('quick');
      await expect(quick).toHaveClass(/low/);
      await caretAt(page, 't1', 'The qui'.length);
      await page.keyboard.type('i');
      await expect(turnText(page, 't1')).toHaveText('The quiick brown fox jumps');
      const edited = turnText(page, 't1').locator('span[data-wid]').nth(1);
      await expect(edited).toHaveText('quiick');
      await expect(edited).not.toHaveClass(/low/);
      await expect(edited).toHaveAttribute('data-stime', '0.5');
      await page.screenshot({ path: `${SCREENSHOTS}/editor-${locale}.png` });
      await page.setViewportSize({ width: 820, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/editor-narrow-${locale}.png` });

      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(turnText(page, 't1')).toHaveText('The quiick brown fox jumps');
      await expect(syncState(page)).toHaveAttribute('data-sync-state', 'connected');
      await expect(page.getByRole('alert')).toHaveCount(0);
      // The API reads the same text.
      const stored = await api.get<{ text: { segment: string }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token);
      expect(stored.text[0]!.segment).toBe('The quiick brown fox jumps');

      // The media renamed meanwhile (from its overview, which sends this): the open editor's title follows.
      await api.send('PATCH', `/cm-api/api/conversations/${id}`, { name: `Renamed ${id.slice(0, 8)}` }, owner.tokens.auth_token);
      await expect(page.getByRole('heading', { level: 1, name: `Renamed ${id.slice(0, 8)}` })).toBeVisible();
    });

    test(`undo and redo my changes; Enter splits, Backspace merges, refused past the turn size (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 90_000);
      const long = longTurn('t4', 'bob', 'lengthy', 1500, 12);
      const tail = longTurn('t5', 'alice', 'tail', 600, 16);
      const { id, owner, organizationId } = await withText(api, 'undo', locale, [...TEXT, long, tail]);
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);

      await caretAt(page, 't3', 'and then it rests'.length);
      await page.keyboard.type(' again');
      await expect(turnText(page, 't3')).toHaveText('and then it rests again');
      await page.keyboard.press('Control+z');
      await expect(turnText(page, 't3')).toHaveText('and then it rests');
      await page.keyboard.press('Control+Shift+z');
      await expect(turnText(page, 't3')).toHaveText('and then it rests again');
      await page.getByRole('button', { name: tr(locale, 'editor:toolbar.undo') }).click();
      await expect(turnText(page, 't3')).toHaveText('and then it rests');
      await page.getByRole('button', { name: tr(locale, 'editor:toolbar.redo') }).click();
      await expect(turnText(page, 't3')).toHaveText('and then it rests again');

      // Enter splits at the caret; the caret goes to the new turn; Backspace at its start merges back.
      const turns = page.locator('[data-turn-id]');
      await expect(turns).toHaveCount(5);
      await caretAt(page, 't2', 'over the'.length);
      await page.keyboard.press('Enter');
      await expect(turns).toHaveCount(6);
      await expect(turnText(page, 't2')).toHaveText('over the');
      const newTurn = turns.nth(2);
      await expect(newTurn.locator('[data-turn-text]')).toHaveText(/^\s*lazy dog today$/);
      await expect(newTurn.locator('[data-turn-text]')).toBeFocused();
      await page.keyboard.press('Home');
      await page.keyboard.press('Backspace');
      await expect(turns).toHaveCount(5);
      await expect(turnText(page, 't2')).toHaveText('over the lazy dog today');

      // The turn's menu is reached and opened with the keyboard; Escape closes it and gives the focus back.
      const actions = page.locator('[data-turn-id="t2"]').getByRole('button', { name: tr(locale, 'editor:turn.menu') });
      await expect(actions).toHaveAttribute('aria-haspopup', 'menu');
      await expect(turnText(page, 't2')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(actions).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: tr(locale, 'editor:turn.mergeNext') })).toBeVisible();
      await expect(actions).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem')).toHaveCount(0);
      await expect(actions).toBeFocused();

      // 1,500 + 600 characters would exceed the turn size: the merge is refused with the rule's message.
      await caretAt(page, 't5', 0);
      await page.keyboard.press('Backspace');
      const notice = page.getByRole('alert').filter({ hasText: tr(locale, 'editor:errors.mergeRefused') });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(tr(locale, 'common:apiError.turn_too_long'));
      await expect(turns).toHaveCount(5);
      await expect(turnText(page, 't5')).toHaveText(tail.segment);
    });

    test(`two writers type in two turns at once, a third person sees both (${locale})`, async ({ page, api, baseURL, browser, dataDir }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 120_000);
      const { id, owner, organizationId } = await withText(api, 'collab', locale, TEXT, RIGHT_LEVELS.write);
      const bob = await api.signUp(newAccount('collab-bob'));
      const carol = await api.signUp(newAccount('collab-carol'));
      for (const member of [bob, carol]) await joinOrganization(api, dataDir, owner.tokens.auth_token, organizationId, member);
      await signInBrowser(page.context(), baseURL!, owner.tokens, organizationId);
      const second = await newSignedInPage(browser, baseURL!, bob, organizationId, locale);
      const third = await newSignedInPage(browser, baseURL!, carol, organizationId, locale);
      try {
        await Promise.all([openEditor(page, id), openEditor(second.page, id), openEditor(third.page, id)]);
        await expect(page.getByTestId('peers').locator('[data-peer-name]')).toHaveCount(2);
        await caretAt(page, 't1', 'The quick brown fox jumps'.length);
        await caretAt(second.page, 't3', 0);
        // Where Bob's caret is shows to the others, named, without holding the turn while he does not type.
        await expect(page.locator('[data-turn-id="t3"] [data-testid="turn-peer"]')).toContainText(`${bob.firstname}`);
        await expect(turnText(page, 't3')).toHaveAttribute('contenteditable', 'true');
        await Promise.all([page.keyboard.type(' high', { delay: 30 }), second.page.keyboard.type('Then ', { delay: 30 })]);
        // While Bob types in t3 it is his for the others: his name, and not editable for them.
        await expect(page.locator('[data-turn-id="t3"] [data-testid="turn-lock"]')).toContainText(`${bob.firstname}`);
        await expect(turnText(page, 't3')).toHaveAttribute('contenteditable', 'false');
        await expect(turnText(page, 't2')).toHaveAttribute('contenteditable', 'true');
        for (const viewer of [page, second.page, third.page]) {
          await expect(turnText(viewer, 't1')).toHaveText('The quick brown fox jumps high');
          await expect(turnText(viewer, 't3')).toHaveText('Then and then it rests');
        }
        await expect(third.page.getByRole('alert')).toHaveCount(0);
      } finally {
        await second.context.close();
        await third.context.close();
      }
    });

    test(`a reader sees the transcript but cannot change it, and the server refuses a reader's update (${locale})`, async ({ page, api, baseURL, dataDir }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 90_000);
      const { id, owner, organizationId } = await withText(api, 'reader', locale, TEXT, RIGHT_LEVELS.read);
      const reader = await api.signUp(newAccount('reader'));
      await joinOrganization(api, dataDir, owner.tokens.auth_token, organizationId, reader);
      await signInBrowser(page.context(), baseURL!, reader.tokens, organizationId);
      await openEditor(page, id);
      await expect(page.getByTestId('read-only')).toHaveText(tr(locale, 'editor:page.readOnly'));
      for (const turnId of ['t1', 't2', 't3']) await expect(turnText(page, turnId)).toHaveAttribute('contenteditable', 'false');
      await expect(page.getByRole('button', { name: tr(locale, 'editor:toolbar.undo') })).toHaveCount(0);
      await turnText(page, 't1').click();
      await page.keyboard.type('nope');
      await expect(turnText(page, 't1')).toHaveText('The quick brown fox jumps');
      // A click on a word listens from it.
      await turnText(page, 't2').locator('span[data-wid]').nth(2).click();
      await expect.poll(() => page.getByTestId('media-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(4.9);

      const attempt = await readerDeletesFirstTurn(baseURL!, reader.tokens.auth_token, id);
      expect(attempt.join.ok && attempt.join.access).toBe('read');
      expect(attempt.ack.ok).toBe(false);
      const stored = await api.get<{ text: { segment: string }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token);
      expect(stored.text.map((t) => t.segment)).toEqual(TEXT.map((t) => t.segment));
    });

    test(`edits made offline are kept and merged when the connection is back (${locale})`, async ({ page, api, baseURL, context }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const { id, owner, organizationId } = await withText(api, 'offline', locale);
      await signInBrowser(context, baseURL!, owner.tokens, organizationId);
      await openEditor(page, id);
      await expect(syncState(page)).toHaveAttribute('data-sync-state', 'connected');

      await context.setOffline(true);
      await expect(syncState(page)).toHaveAttribute('data-sync-state', 'offline');
      await expect(syncState(page)).toHaveText(tr(locale, 'editor:sync.offline'));
      await caretAt(page, 't2', 'over the lazy dog today'.length);
      await page.keyboard.type(' offline');
      await expect(turnText(page, 't2')).toHaveText('over the lazy dog today offline');
      // Meanwhile someone else edits another turn through the API.
      await api.send('PATCH', `/cm-api/api/conversations/${id}/turns/t3`, { segment: 'and then it sleeps' }, owner.tokens.auth_token);

      await context.setOffline(false);
      await expect(syncState(page)).toHaveAttribute('data-sync-state', 'connected', { timeout: 20_000 });
      await expect(turnText(page, 't3')).toHaveText('and then it sleeps');
      await expect
        .poll(async () => (await api.get<{ text: { segment: string }[] }>(`/cm-api/api/conversations/${id}`, owner.tokens.auth_token)).text.map((t) => t.segment))
        .toEqual(['The quick brown fox jumps', 'over the lazy dog today offline', 'and then it sleeps']);
      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(turnText(page, 't2')).toHaveText('over the lazy dog today offline');
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });
}
