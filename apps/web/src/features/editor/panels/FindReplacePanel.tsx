/**
 * Find and replace over the whole transcript (every turn of the live document, rendered or not).
 * Enter / Shift+Enter go to the next / previous match; the match is marked in the text and its turn
 * scrolled into view; leaving the panel selects it in the text. Replacements are local changes
 * (session.origin), so Ctrl+Z undoes them.
 */
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { findInDocument, replaceInDocument, type FindOptions, type TextMatch } from '@palabre/shared/collab';
import { TURN_SIZE } from '@palabre/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from '../session.ts';
import { turnOrder } from './docState.ts';
import { highlightMatch, selectMatch } from './findHighlight.ts';
import { followMatch, stepMatch } from './findNavigation.ts';
import { panelForKey } from './keys.ts';
import { useDocVersion } from './useDocVersion.ts';
import './find.css';

export function FindReplacePanel({ focusReplace = false }: { focusReplace?: boolean }) {
  const { t } = useTranslation('editorPanels');
  const session = useEditorSession();
  const canWrite = session.access === 'write';
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [options, setOptions] = useState<FindOptions>({ wholeWord: false, matchCase: false });
  const [searched] = useDebouncedValue(query, 200);
  const [version, bump] = useDocVersion(session.doc);
  const [index, setIndex] = useState(-1);
  const [report, setReport] = useState<string | null>(null);
  const anchor = useRef<TextMatch | null>(null);
  const revealNext = useRef(false);
  const queryField = useRef<HTMLInputElement>(null);
  const replacementField = useRef<HTMLInputElement>(null);

  const matches = useMemo(
    () => (searched ? findInDocument(session.doc, searched, options) : []),
    // `version` moves when the document changed.
    [session.doc, searched, options, version],
  );

  // A new query reveals its first match; a changed document keeps the current one in place.
  useEffect(() => {
    revealNext.current = true;
    anchor.current = null;
  }, [searched, options]);

  useEffect(() => {
    const order = turnOrder(session.doc);
    const next = followMatch(matches, anchor.current, (id) => order.get(id) ?? -1);
    setIndex(next);
    if (revealNext.current && next >= 0) show(matches[next]!);
    revealNext.current = false;
    if (next < 0) highlightMatch(null);
    else highlightMatch(matches[next]!);
  }, [matches]);

  const current = index >= 0 ? (matches[index] ?? null) : null;
  const currentRef = useRef(current);
  currentRef.current = current;

  // Leaving the panel puts the caret on the match, selected, so the user can type over it.
  useEffect(
    () => () => {
      highlightMatch(null);
      const match = currentRef.current;
      if (!match) return;
      session.focusTurn(match.turnId, match.start);
      selectMatch(match);
    },
    [],
  );

  // Ctrl+F / Ctrl+H again while the panel is open: back to its field, its text selected.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const panel = panelForKey(event);
      const field = panel === 'replace' ? (replacementField.current ?? queryField.current) : panel === 'find' ? queryField.current : null;
      if (!field) return;
      field.focus();
      field.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function show(match: TextMatch) {
    anchor.current = match;
    session.revealTurn(match.turnId);
    highlightMatch(match);
  }

  function go(direction: 1 | -1) {
    const next = stepMatch(index, matches.length, direction);
    if (next < 0) return;
    setIndex(next);
    show(matches[next]!);
  }

  function replaceOne() {
    if (!current) return;
    const result = replaceInDocument(session.doc, searched, replacement, { ...options, only: [current] }, session.origin);
    // Continue after the replaced text, even if the replacement itself matches.
    anchor.current = { turnId: current.turnId, start: current.start + replacement.length, end: current.start + replacement.length };
    revealNext.current = true;
    setReport(result.skipped > 0 ? t('find.skipped', { count: result.skipped, size: TURN_SIZE }) : null);
    bump();
  }

  function replaceAll() {
    const result = replaceInDocument(session.doc, searched, replacement, options, session.origin);
    anchor.current = null;
    const done = t('find.replaced', { count: result.replaced });
    setReport(result.skipped > 0 ? `${done} ${t('find.skipped', { count: result.skipped, size: TURN_SIZE })}` : done);
    bump();
    // The button is disabled once nothing matches: keep the keyboard in the panel.
    queryField.current?.focus();
  }

  const status = !searched ? '' : matches.length === 0 ? t('find.none') : t('find.position', { current: index + 1, total: matches.length });

  return (
    <Stack gap="sm">
      <TextInput
        ref={queryField}
        label={t('find.query')}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setReport(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          go(event.shiftKey ? -1 : 1);
        }}
        data-autofocus={focusReplace ? undefined : true}
        autoComplete="off"
        spellCheck={false}
        rightSectionWidth={64}
        rightSection={
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" size="sm" onClick={() => go(-1)} disabled={matches.length === 0} aria-label={t('find.previous')} title={t('find.previousHint')}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" size="sm" onClick={() => go(1)} disabled={matches.length === 0} aria-label={t('find.next')} title={t('find.nextHint')}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Group>
        }
      />
      <Text size="sm" c="dimmed" aria-live="polite" aria-atomic data-testid="find-status" mih="1.4em">
        {status}
      </Text>
      <Group gap="md">
        <Checkbox
          label={t('find.wholeWord')}
          checked={options.wholeWord}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setOptions((o) => ({ ...o, wholeWord: checked }));
          }}
        />
        <Checkbox
          label={t('find.matchCase')}
          checked={options.matchCase}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setOptions((o) => ({ ...o, matchCase: checked }));
          }}
        />
      </Group>
      {canWrite && (
        <>
          <TextInput
            ref={replacementField}
            label={t('find.replacement')}
            value={replacement}
            onChange={(event) => setReplacement(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              replaceOne();
            }}
            data-autofocus={focusReplace ? true : undefined}
            autoComplete="off"
            spellCheck={false}
          />
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={replaceOne} disabled={!current}>
              {t('find.replaceOne')}
            </Button>
            <Button variant="default" size="xs" onClick={replaceAll} disabled={matches.length === 0}>
              {t('find.replaceAll')}
            </Button>
          </Group>
          <Text size="sm" role="status" data-testid="replace-status">
            {report}
          </Text>
          <Text size="xs" c="dimmed">
            {t('find.undoHint')}
          </Text>
        </>
      )}
    </Stack>
  );
}
