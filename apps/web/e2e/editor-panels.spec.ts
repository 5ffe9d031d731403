/**
 * The transcript editor's panels in both languages: find and replace over the whole transcript
 * (whole word, case, replace all then undo, the turn size), renaming, merging and adding speakers,
 * restoring a snapshot, what a reader is offered,
 * and the help panel listing every shortcut; on a wide screen (side column) and a narrow one (drawer).
 */
import { RIGHT_LEVELS } from '@palabre/shared';
import type { Page } from '@playwright/test';
import { newAccount, signInBrowser, uniqueName, type Api } from './support/api.ts';
import { LOCALES, tr, turnText, type Locale } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { joinOrganization } from './support/invitations.ts';
import { createMedia, PROCESSING_TIMEOUT, silentWav } from './support/media.ts';
import { makeTurn } from './support/transcripts.ts';

const SCREENSHOTS = process.env.PALABRE_E2E_OUTPUT_DIR ?? '/tmp';

const turn = (id: string, speaker: string, text: string, start: number, step = 0.5) => makeTurn(id, speaker, text, start, { step, confidence: 0.6 });

const SPEAKERS = [
  { speaker_id: 'alice', speaker_name: 'Alice' },
  { speaker_id: 'bob', speaker_name: 'Bob' },
  { speaker_id: 'carol', speaker_name: 'Carol' },
];
const FIRST = [
  turn('t1', 'alice', 'The cat sat on the mat with another cat', 0),
  turn('t2', 'bob', 'Cats are not dogs said the Cat', 6),
  turn('t3', 'carol', 'Nothing to see here', 12),
];
const SECOND = [turn('t1', 'alice', 'A completely different start', 0), turn('t2', 'bob', 'and another turn', 6)];
/** A turn a few characters short of the turn size (2000), where a longer word no longer fits. */
const LONG = [turn('t1', 'alice', Array(330).fill('zebra').join(' '), 0, 0.05), turn('t2', 'bob', 'a zebra here', 17), turn('t3', 'carol', 'the end', 18.5)];

async function editorWithTranscript(api: Api, page: Page, baseURL: string, locale: Locale, prefix: string, reader?: { dataDir: string }, text = FIRST) {
  const owner = await api.signUp(newAccount(prefix));
  const token = owner.tokens.auth_token;
  await api.send('PUT', '/cm-api/api/users/self', { locale }, token);
  const organization = await api.createOrganization(token, uniqueName(`${prefix} org`));
  const id = await createMedia(api, token, organization._id, `${prefix} media`, { file: silentWav(20), membersRight: RIGHT_LEVELS.read });
  await api.send('PATCH', `/cm-api/api/conversations/${id}`, { speakers: SPEAKERS, text }, token);
  let user = owner;
  if (reader) {
    // An edit (it opens the live document) then a rewrite, so the history has snapshots to show.
    await api.send('PATCH', `/cm-api/api/conversations/${id}/turns/t3`, { segment: 'Nothing to see' }, token);
    await api.send('PATCH', `/cm-api/api/conversations/${id}`, { speakers: SPEAKERS, text: FIRST }, token);
    // A member of the organization, who may only read its media.
    user = await api.signUp(newAccount(`${prefix}-reader`));
    await api.send('PUT', '/cm-api/api/users/self', { locale }, user.tokens.auth_token);
    await joinOrganization(api, reader.dataDir, token, organization._id, user);
  }
  await signInBrowser(page.context(), baseURL, user.tokens, organization._id);
  await page.goto(`/interface/conversations/${id}/transcription`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
  return { id, token };
}

const openPanel = (page: Page, locale: Locale, panel: string) => page.getByRole('button', { name: tr(locale, `editorPanels:panels.${panel}`), exact: true }).click();

for (const locale of LOCALES) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`find and replace covers the whole transcript and is undone (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      await editorWithTranscript(api, page, baseURL!, locale, 'find');
      await page.locator('[data-turn-text]').first().click();
      await page.keyboard.press('Control+f');
      const search = page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.query'), exact: true });
      await expect(search).toBeFocused();
      await search.fill('cat');
      const status = page.getByTestId('find-status');
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 1, total: 4 }));
      await search.press('Enter');
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 2, total: 4 }));
      await search.press('Shift+Enter');
      await search.press('Shift+Enter');
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 4, total: 4 }));
      // Ctrl+F from the text goes back to the open panel's field.
      await turnText(page, 't3').click();
      await page.keyboard.press('Control+f');
      await expect(search).toBeFocused();
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 4, total: 4 }));

      await page.getByRole('checkbox', { name: tr(locale, 'editorPanels:find.wholeWord') }).check();
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 1, total: 3 }));
      await page.getByRole('checkbox', { name: tr(locale, 'editorPanels:find.matchCase') }).check();
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.position', { current: 1, total: 2 }));
      await page.screenshot({ path: `${SCREENSHOTS}/editor-find-${locale}.png` });

      await page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.replacement') }).fill('dog');
      await page.getByRole('button', { name: tr(locale, 'editorPanels:find.replaceAll') }).click();
      await expect(page.getByTestId('replace-status')).toHaveText(tr(locale, 'editorPanels:find.replaced_other', { count: 2 }));
      await expect(turnText(page, 't1')).toHaveText('The dog sat on the mat with another dog');
      await expect(turnText(page, 't2')).toHaveText('Cats are not dogs said the Cat');
      await expect(status).toHaveText(tr(locale, 'editorPanels:find.none'));

      // Leaving the panel gives the keyboard back to the text, where Ctrl+Z undoes the replacement.
      await page.keyboard.press('Escape');
      await expect(search).toHaveCount(0);
      await turnText(page, 't3').click();
      await page.keyboard.press('Control+z');
      await expect(turnText(page, 't1')).toHaveText('The cat sat on the mat with another cat');
    });

    test(`replacing all leaves a turn that would exceed the turn size unchanged, and says so (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      await editorWithTranscript(api, page, baseURL!, locale, 'long', undefined, LONG);
      await openPanel(page, locale, 'find');
      await page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.query'), exact: true }).fill('zebra');
      await expect(page.getByTestId('find-status')).toHaveText(tr(locale, 'editorPanels:find.position', { current: 1, total: 331 }));
      await page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.replacement') }).fill('zebras');
      await page.getByRole('button', { name: tr(locale, 'editorPanels:find.replaceAll') }).click();
      await expect(page.getByTestId('replace-status')).toHaveText(
        `${tr(locale, 'editorPanels:find.replaced_one', { count: 1 })} ${tr(locale, 'editorPanels:find.skipped_other', { count: 330, size: 2000 })}`,
      );
      await expect(turnText(page, 't2')).toHaveText('a zebras here');
      await expect(turnText(page, 't1')).not.toContainText('zebras');
      await page.screenshot({ path: `${SCREENSHOTS}/editor-replace-skipped-${locale}.png` });
    });

    test(`speakers are renamed everywhere, merged and added (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const { id, token } = await editorWithTranscript(api, page, baseURL!, locale, 'speakers');
      await openPanel(page, locale, 'speakers');
      const list = page.getByRole('list', { name: tr(locale, 'editorPanels:speakers.list') });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.locator('[data-speaker-id="alice"]')).toContainText(tr(locale, 'editorPanels:speakers.turns_one', { count: 1 }));

      await list.getByRole('button', { name: tr(locale, 'editorPanels:speakers.rename', { name: 'Alice' }) }).click();
      const name = page.getByRole('textbox', { name: tr(locale, 'editorPanels:speakers.newName', { name: 'Alice' }) });
      await expect(name).toBeFocused();
      await name.fill('Alicia');
      await name.press('Enter');
      await expect(list.locator('[data-speaker-id="alice"]')).toContainText('Alicia');
      await expect(page.locator('[data-turn-id="t1"]')).toContainText('Alicia');
      await expect
        .poll(async () => (await api.get<{ speakers?: { speaker_name: string }[] }>(`/cm-api/api/conversations/${id}`, token)).speakers?.map((s) => s.speaker_name), {
          timeout: 20_000,
        })
        .toContain('Alicia');

      await page.getByRole('combobox', { name: tr(locale, 'editorPanels:speakers.mergeFrom') }).selectOption({ label: 'Bob' });
      await page.getByRole('combobox', { name: tr(locale, 'editorPanels:speakers.mergeInto') }).selectOption({ label: 'Carol' });
      await page.getByRole('button', { name: tr(locale, 'editorPanels:speakers.mergeAction') }).click();
      const dialog = page.getByRole('dialog', { name: tr(locale, 'editorPanels:speakers.mergeTitle') });
      await expect(dialog).toContainText('Bob');
      await page.screenshot({ path: `${SCREENSHOTS}/editor-speakers-merge-${locale}.png` });
      await dialog.getByRole('button', { name: tr(locale, 'editorPanels:speakers.mergeAction') }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.locator('[data-speaker-id="carol"]')).toContainText(tr(locale, 'editorPanels:speakers.turns_other', { count: 2 }));
      await expect(page.locator('[data-turn-id="t2"]')).toContainText('Carol');
      await expect(page.locator('[data-turn-id="t2"]')).not.toContainText('Bob');
      // A new speaker stays listed, as having no turn yet, so it can be given to one.
      const newSpeaker = page.getByRole('textbox', { name: tr(locale, 'editorPanels:speakers.add') });
      await newSpeaker.fill('Dave');
      await newSpeaker.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.getByRole('listitem').filter({ hasText: 'Dave' })).toContainText(tr(locale, 'editorPanels:speakers.unused'));
      await expect(newSpeaker).toHaveValue('');
      await page.screenshot({ path: `${SCREENSHOTS}/editor-speakers-${locale}.png` });
    });

    test(`a turn's speaker changed from its menu is kept after a reload; a speaker with no turn left is no longer listed; a new one named from the menu (${locale})`, async ({
      page,
      api,
      baseURL,
    }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const { id, token } = await editorWithTranscript(api, page, baseURL!, locale, 'speaker-menu');
      const speakerMenu = (turnId: string) => page.locator(`[data-turn-id="${turnId}"]`).getByTestId('turn-speaker');
      const menuItems = page.getByRole('menuitem');

      // A speaker added in the panel is listed, and offered in the turns' menus, until it has a turn.
      await openPanel(page, locale, 'speakers');
      const list = page.getByRole('list', { name: tr(locale, 'editorPanels:speakers.list') });
      const newSpeaker = page.getByRole('textbox', { name: tr(locale, 'editorPanels:speakers.add') });
      await newSpeaker.fill('Dave');
      await newSpeaker.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await speakerMenu('t3').click();
      await expect(menuItems).toHaveText(['Alice', 'Bob', 'Carol', 'Dave', tr(locale, 'editor:turn.newSpeaker')]);
      await expect(page.getByRole('menuitem', { name: 'Carol' })).toBeDisabled();

      // Carol's only turn goes to Dave: Carol is no longer listed, nor offered.
      await page.getByRole('menuitem', { name: 'Dave' }).click();
      await expect(speakerMenu('t3')).toHaveText('Dave');
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.locator('[data-speaker-id="carol"]')).toHaveCount(0);
      await expect(list.getByRole('listitem').filter({ hasText: 'Dave' })).toContainText(tr(locale, 'editorPanels:speakers.turns_one', { count: 1 }));
      await speakerMenu('t1').click();
      await expect(menuItems).toHaveText(['Alice', 'Bob', 'Dave', tr(locale, 'editor:turn.newSpeaker')]);
      await speakerMenu('t1').click();
      await expect(menuItems).toHaveCount(0);

      // Deleting Bob's only turn takes Bob off the list too.
      await api.send('DELETE', `/cm-api/api/conversations/${id}/turns/t2`, undefined, token);
      await expect(page.locator('[data-turn-id="t2"]')).toHaveCount(0);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.locator('[data-speaker-id="bob"]')).toHaveCount(0);

      await expect
        .poll(async () => {
          const stored = await api.get<{ speakers: { speaker_id: string; speaker_name: string }[]; text: { turn_id: string; speaker_id: string }[] }>(
            `/cm-api/api/conversations/${id}`,
            token,
          );
          const dave = stored.speakers.find((s) => s.speaker_name === 'Dave');
          return { names: stored.speakers.map((s) => s.speaker_name).sort(), t3: stored.text.find((t) => t.turn_id === 't3')?.speaker_id === dave?.speaker_id };
        })
        .toEqual({ names: ['Alice', 'Dave'], t3: true });

      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(speakerMenu('t3')).toHaveText('Dave');
      await speakerMenu('t1').click();
      await expect(menuItems).toHaveText(['Alice', 'Dave', tr(locale, 'editor:turn.newSpeaker')]);
      await speakerMenu('t1').click();
      await expect(menuItems).toHaveCount(0);
      await openPanel(page, locale, 'speakers');
      await expect(list.getByRole('listitem')).toHaveText([/Alice/, /Dave/]);

      // "New speaker…" from a turn's menu names a speaker and gives it the turn; asked again, the
      // dialog opens again and Cancel leaves everything as it was.
      await speakerMenu('t1').click();
      await page.getByRole('menuitem', { name: tr(locale, 'editor:turn.newSpeaker') }).click();
      const named = page.getByRole('dialog', { name: tr(locale, 'editor:speaker.newTitle') });
      await named.getByRole('textbox', { name: tr(locale, 'editor:speaker.name') }).fill('Eve');
      await named.getByRole('button', { name: tr(locale, 'editor:speaker.add') }).click();
      await expect(named).toBeHidden();
      await expect(speakerMenu('t1')).toHaveText('Eve');
      await speakerMenu('t3').click();
      await page.getByRole('menuitem', { name: tr(locale, 'editor:turn.newSpeaker') }).click();
      await expect(named).toBeVisible();
      await expect(named.getByRole('textbox', { name: tr(locale, 'editor:speaker.name') })).toHaveValue('');
      await named.getByRole('button', { name: tr(locale, 'editor:speaker.cancel') }).click();
      await expect(named).toBeHidden();
      await expect(speakerMenu('t3')).toHaveText('Dave');
    });

    test(`a snapshot is previewed and restored, and the restore can be undone (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      const { id, token } = await editorWithTranscript(api, page, baseURL!, locale, 'history');
      // A rewrite over REST: the editor follows, and a snapshot of the text before it is kept.
      await api.send('PATCH', `/cm-api/api/conversations/${id}`, { speakers: SPEAKERS, text: SECOND }, token);
      await expect(turnText(page, 't1')).toHaveText('A completely different start');

      await openPanel(page, locale, 'history');
      const snapshots = page.getByRole('list', { name: tr(locale, 'editorPanels:history.list') });
      const beforeRewrite = snapshots.locator('[data-snapshot-reason="before_rewrite"]').first();
      await expect(beforeRewrite).toContainText(tr(locale, 'editorPanels:history.reason.before_rewrite'));
      await expect(beforeRewrite).toContainText(tr(locale, 'editorPanels:history.size', { turns: 3, words: 20 }));

      await beforeRewrite.getByRole('button', { name: tr(locale, 'editorPanels:history.preview') }).click();
      const preview = page.getByTestId('snapshot-preview');
      await expect(preview).toContainText('The cat sat on the mat with another cat');
      await expect(preview).toContainText('Nothing to see here');
      await page.screenshot({ path: `${SCREENSHOTS}/editor-history-preview-${locale}.png` });
      await page.keyboard.press('Escape');
      await expect(preview).toHaveCount(0);

      await beforeRewrite.getByRole('button', { name: tr(locale, 'editorPanels:history.restore') }).click();
      const confirm = page.getByRole('dialog', { name: tr(locale, 'editorPanels:history.restoreTitle') });
      await expect(confirm).toContainText(tr(locale, 'editorPanels:history.restoreUndo'));
      await confirm.getByRole('button', { name: tr(locale, 'editorPanels:history.restore') }).click();
      await expect(turnText(page, 't1')).toHaveText('The cat sat on the mat with another cat');
      await expect(turnText(page, 't3')).toHaveText('Nothing to see here');

      // The list is fetched again: the state before the restore is there, and restoring it undoes the restore.
      const beforeRestore = snapshots.locator('[data-snapshot-reason="before_restore"]').first();
      await expect(beforeRestore).toContainText(tr(locale, 'editorPanels:history.reason.before_restore'));
      await page.screenshot({ path: `${SCREENSHOTS}/editor-history-${locale}.png` });
      await beforeRestore.getByRole('button', { name: tr(locale, 'editorPanels:history.restore') }).click();
      await page
        .getByRole('dialog', { name: tr(locale, 'editorPanels:history.restoreTitle') })
        .getByRole('button', { name: tr(locale, 'editorPanels:history.restore') })
        .click();
      await expect(turnText(page, 't1')).toHaveText('A completely different start');
      await expect(page.locator('[data-turn-id="t3"]')).toHaveCount(0);
    });

    test(`a reader finds, sees the speakers and the history, and changes nothing (${locale})`, async ({ page, api, baseURL, dataDir }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      await editorWithTranscript(api, page, baseURL!, locale, 'panels', { dataDir });
      await page.keyboard.press('Control+f');
      const search = page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.query'), exact: true });
      await search.fill('cat');
      await expect(page.getByTestId('find-status')).toHaveText(tr(locale, 'editorPanels:find.position', { current: 1, total: 4 }));
      await expect(page.getByRole('textbox', { name: tr(locale, 'editorPanels:find.replacement') })).toHaveCount(0);
      await expect(page.getByRole('button', { name: tr(locale, 'editorPanels:find.replaceAll') })).toHaveCount(0);

      await openPanel(page, locale, 'speakers');
      await expect(page.getByText(tr(locale, 'editorPanels:speakers.readOnly'))).toBeVisible();
      await expect(page.getByRole('list', { name: tr(locale, 'editorPanels:speakers.list') }).getByRole('listitem')).toHaveCount(3);
      await expect(page.getByRole('button', { name: tr(locale, 'editorPanels:speakers.rename', { name: 'Alice' }) })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: tr(locale, 'editorPanels:speakers.add') })).toHaveCount(0);

      await openPanel(page, locale, 'history');
      const snapshots = page.getByRole('list', { name: tr(locale, 'editorPanels:history.list') });
      await expect(snapshots.getByRole('button', { name: tr(locale, 'editorPanels:history.preview') }).first()).toBeVisible();
      await expect(snapshots.getByRole('button', { name: tr(locale, 'editorPanels:history.restore') })).toHaveCount(0);
    });

    test(`the help panel lists every shortcut, in a side column or a drawer (${locale})`, async ({ page, api, baseURL }) => {
      test.setTimeout(PROCESSING_TIMEOUT + 60_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await editorWithTranscript(api, page, baseURL!, locale, 'help');
      const button = page.getByRole('button', { name: tr(locale, 'editorPanels:panels.help'), exact: true });
      await button.click();
      const table = page.getByTestId('editor-shortcuts');
      const rows = ['playPause', 'replay', 'jump3', 'jump10', 'jump60', 'togglePlayer', 'back10', 'forward10', 'split', 'merge', 'undo', 'redo', 'find', 'replace'];
      for (const key of rows) await expect(table).toContainText(tr(locale, `editorPanels:shortcuts.${key}`));
      await expect(page.getByText(tr(locale, 'editorPanels:help.howItWorks'))).toBeVisible();
      await expect(page.locator('aside[data-editor-panel="help"]')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/editor-help-wide-${locale}.png` });
      await page.keyboard.press('Escape');
      await expect(table).toHaveCount(0);
      await expect(button).toBeFocused();

      await page.setViewportSize({ width: 900, height: 700 });
      await button.click();
      await expect(page.getByRole('dialog', { name: tr(locale, 'editorPanels:panels.help') })).toBeVisible();
      await expect(table).toContainText(tr(locale, 'editorPanels:shortcuts.split'));
      await page.screenshot({ path: `${SCREENSHOTS}/editor-help-narrow-${locale}.png` });
      await page.keyboard.press('Escape');
      await expect(table).toHaveCount(0);
    });
  });
}
