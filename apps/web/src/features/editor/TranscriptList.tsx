/**
 * The transcript as one continuous list of turns, virtualised on the page's scroll: only the turns in
 * view and a few around them are in the DOM (the spec's paging constants bound how many and how much
 * text), each measured as it renders. The turn holding the caret always stays rendered. Playback is
 * followed (followPlayback.ts) and the list offers focusTurn / revealTurn to the session.
 */
import { Button, Stack, Text } from '@mantine/core';
import { MAX_CHARACTERS_PER_PAGE, TURNS_PER_PAGE, type DocPeer } from '@palabre/shared';
import { addSpeaker, insertTurnAfter, textOf, turnIndex, turnsOf, type TurnMap } from '@palabre/shared/collab';
import { IconPlus } from '@tabler/icons-react';
import { useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { forwardRef, memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { BackToPlayback } from './BackToPlayback.tsx';
import { useFollowPlayback } from './followPlayback.ts';
import { NewSpeakerModal } from './NewSpeakerModal.tsx';
import { useEditorRuntime } from './runtime.ts';
import { useEditorSession } from './session.ts';
import { newId } from './turnActions.ts';
import { setSelectionOffsets } from './turnDom.ts';
import { TurnEditor } from './TurnEditor.tsx';
import { usePendingFocus, useScrollMargin, type PendingFocusOptions } from './useListFocus.ts';
import { useDocVersion } from './useDocVersion.ts';
import { useSpeakers } from './useSpeakers.ts';

export interface TranscriptListHandle {
  focusTurn(turnId: string, offset?: number): void;
  revealTurn(turnId: string): void;
  /** Playback is followed again (the user listened from a word). */
  resumeFollow(): void;
}

/** The turns' maps, renewed when turns are added, removed or moved (not on text edits). */
function useTurnMaps(doc: Y.Doc): TurnMap[] {
  const turns = turnsOf(doc);
  const current = useDocVersion(
    useCallback(
      (onChange: () => void) => {
        turns.observe(onChange);
        return () => turns.unobserve(onChange);
      },
      [turns],
    ),
  );
  return useMemo(() => turns.toArray(), [turns, current]);
}

/** A turn's text, focused once rendered. */
const TURN_FOCUS: PendingFocusOptions<HTMLElement> = {
  selector: (turnId) => `[data-turn-id="${CSS.escape(turnId)}"] [data-turn-text]`,
  placeCaret: (element, offset) => setSelectionOffsets(element, offset ?? element.textContent?.length ?? 0),
  maxTries: 20,
};

/** The peers of a turn nobody else is in (one array, so such turns do not re-render when presence changes). */
const NOBODY: readonly DocPeer[] = [];

/**
 * The rendered turns' wrappers, measured together once every turn of the commit has painted its text
 * (a layout effect of the list runs after its children's): measured one by one as each is attached,
 * each measurement would lay the page out again after the next turn's text was painted.
 */
function useBatchedMeasure(measureElement: (element: HTMLElement | null) => void): (element: HTMLElement | null) => void {
  const attached = useRef<HTMLElement[]>([]);
  useLayoutEffect(() => {
    if (attached.current.length === 0) return;
    const elements = attached.current;
    attached.current = [];
    for (const element of elements) measureElement(element);
  });
  return useCallback(
    (element: HTMLElement | null) => {
      if (element) attached.current.push(element);
      else measureElement(null);
    },
    [measureElement],
  );
}

/** Turns rendered beyond the visible ones, on each side (none in the first render). */
const OVERSCAN = Math.max(1, Math.floor(TURNS_PER_PAGE / 2));

/** Runs `work` once the page is idle (at the latest after `timeout` ms); answers the cancel. */
function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** Memoised: the page's status (saving, peers) changes often and does not concern the list itself. */
export const TranscriptList = memo(
  forwardRef<TranscriptListHandle, { onPainted(): void }>(function TranscriptList({ onPainted }, ref) {
    const { t } = useTranslation('editor');
    const session = useEditorSession();
    const runtime = useEditorRuntime();
    const maps = useTurnMaps(session.doc);
    const speakers = useSpeakers(session.doc);
    const listRef = useRef<HTMLDivElement>(null);
    const scrollMargin = useScrollMargin(listRef);
    const [newSpeakerFor, setNewSpeakerFor] = useState<string | null>(null);
    // The dialog is mounted once first asked for (not in the editor's opening), then kept for its transitions.
    const [speakerModalUsed, setSpeakerModalUsed] = useState(false);
    if (newSpeakerFor !== null && !speakerModalUsed) setSpeakerModalUsed(true);
    const focused = useRef(-1);
    // The first render holds only the turns in view (the editor's opening waits for it); the turns
    // around them are added once the page is idle after the first paint.
    const [around, setAround] = useState(0);

    // Visible turns, then up to `around` (OVERSCAN once painted) more on each side while their text stays within one page of
    // characters; plus the turn holding the caret, so typing never loses its element.
    const rangeExtractor = useCallback(
      (range: Range) => {
        const indexes: number[] = [];
        for (let i = range.startIndex; i <= range.endIndex; i += 1) indexes.push(i);
        let budget = MAX_CHARACTERS_PER_PAGE;
        for (let k = 1; k <= around; k += 1) {
          for (const i of [range.startIndex - k, range.endIndex + k]) {
            if (i < 0 || i >= maps.length) continue;
            budget -= textOf(maps[i]!).length;
            if (budget < 0) break;
            indexes.push(i);
          }
        }
        if (focused.current >= 0 && focused.current < maps.length && !indexes.includes(focused.current)) indexes.push(focused.current);
        return indexes.sort((a, b) => a - b);
      },
      [maps, around],
    );

    // Stable between renders: the virtualizer works out every turn's position again (2,000 on a
    // three-hour transcript) whenever its key function changes.
    const estimateSize = useCallback((index: number) => 56 + Math.ceil(textOf(maps[index]!).length / 90) * 30, [maps]);
    const getItemKey = useCallback((index: number) => (maps[index]?.get('id') as string | undefined) ?? index, [maps]);
    const virtualizer = useWindowVirtualizer({
      count: maps.length,
      estimateSize,
      getItemKey,
      overscan: around,
      rangeExtractor,
      scrollMargin,
      // The window's size is known at once: the first render already holds the turns in view.
      initialRect: { width: window.innerWidth, height: window.innerHeight },
    });
    const measure = useBatchedMeasure(virtualizer.measureElement);

    const followed = useMemo(
      () => ({ items: turnsOf(session.doc), startKey: 'stime', endKey: 'etime', indexAttribute: 'data-turn-index', textSelector: '[data-turn-text]' }),
      [session.doc],
    );
    const follow = useFollowPlayback(followed, session.player, virtualizer, listRef);
    const followRef = useRef(follow);
    followRef.current = follow;

    const focusWhenRendered = usePendingFocus(listRef, TURN_FOCUS);

    const reveal = useCallback(
      (turnId: string) => {
        const index = turnIndex(session.doc, turnId);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
        return index;
      },
      [session.doc, virtualizer],
    );

    useImperativeHandle(
      ref,
      () => ({
        focusTurn(turnId, offset) {
          const index = turnIndex(session.doc, turnId);
          if (index < 0) return;
          focused.current = index;
          const element = listRef.current?.querySelector(`[data-turn-id="${CSS.escape(turnId)}"]`);
          if (!element) virtualizer.scrollToIndex(index, { align: 'center' });
          focusWhenRendered(turnId, offset);
        },
        revealTurn: (turnId) => void reveal(turnId),
        resumeFollow: () => followRef.current?.resume(),
      }),
      [session.doc, virtualizer, focusWhenRendered, reveal],
    );

    const items = virtualizer.getVirtualItems();
    const painted = items.length > 0 || maps.length === 0;
    useLayoutEffect(() => {
      if (painted) onPainted();
    }, [painted, onPainted]);
    useEffect(() => {
      if (painted && around < OVERSCAN) return whenIdle(() => setAround(OVERSCAN), 200);
    }, [painted, around]);

    // An empty transcript gets its first turn (and, if there is none, a first speaker) in one step.
    const addFirstTurn = () => {
      const turnId = newId();
      session.doc.transact(() => {
        let speakerId = [...speakers.keys()][0];
        if (!speakerId) {
          const added = addSpeaker(session.doc, t('transcript.firstSpeaker'), newId, session.origin);
          if (!added.ok) return;
          speakerId = added.value.speakerId;
        }
        insertTurnAfter(session.doc, null, { turn_id: turnId, speaker_id: speakerId, segment: '' }, session.origin);
      }, session.origin);
      session.focusTurn(turnId, 0);
    };

    // Who else is in which turn (the one typing there holds it).
    const presence = useMemo(() => {
      const byTurn = new Map<string, DocPeer[]>();
      for (const peer of session.peers) if (peer.turnId) byTurn.set(peer.turnId, [...(byTurn.get(peer.turnId) ?? []), peer]);
      return byTurn;
    }, [session.peers]);

    return (
      <div
        ref={listRef}
        role="region"
        aria-label={t('transcript.label')}
        data-testid="transcript-editor"
        onFocus={(event) => {
          const turn = (event.target as Element).closest('[data-turn-index]');
          if (turn) focused.current = Number(turn.getAttribute('data-turn-index'));
        }}
      >
        {maps.length === 0 ? (
          <Stack gap="sm" py="lg" align="flex-start">
            <Text c="dimmed">{t('transcript.empty')}</Text>
            {runtime.writable && (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addFirstTurn}>
                {t('transcript.addTurn')}
              </Button>
            )}
          </Stack>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {items.map((item) => {
              const map = maps[item.index]!;
              const id = map.get('id') as string;
              return (
                <div
                  key={item.key}
                  ref={measure}
                  data-index={item.index}
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - scrollMargin}px)` }}
                >
                  <TurnEditor map={map} index={item.index} speakers={speakers} peers={presence.get(id) ?? NOBODY} onNewSpeaker={setNewSpeakerFor} />
                </div>
              );
            })}
          </div>
        )}
        {follow.away && <BackToPlayback label={t('follow.back')} onClick={follow.backToPlayback} />}
        {speakerModalUsed && <NewSpeakerModal turnId={newSpeakerFor} onClose={() => setNewSpeakerFor(null)} />}
      </div>
    );
  }),
);
