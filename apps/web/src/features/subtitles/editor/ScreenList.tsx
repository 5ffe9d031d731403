/**
 * The screens as one list virtualised on the page's scroll (a three-hour media holds thousands), the
 * screen holding the caret always rendered. The playing screen is marked and followed
 * (editor/followPlayback.ts) until the user scrolls away; "Back to playback" then brings it back.
 */
import type { DocPeer, Screen, SubtitleSettings } from '@palabre/shared';
import { screensOf } from '@palabre/shared/subtitles';
import { useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { BackToPlayback } from '../../editor/BackToPlayback.tsx';
import { useFollowPlayback } from '../../editor/followPlayback.ts';
import { usePendingFocus, useScrollMargin, type PendingFocusOptions } from '../../editor/useListFocus.ts';
import { usePlayerState, type PlayerController } from '../../player/player.ts';
import { ScreenRow, type ScreenRowProps } from './ScreenRow.tsx';
import { screenAt } from './timeline.ts';
import type { WarningMap } from './warnings.ts';

export interface ScreenListHandle {
  /** Scrolls a screen into view and puts the caret in its text (at `offset`, else at its end). */
  focusScreen(screenId: string, offset?: number): void;
  resumeFollow(): void;
}

type RowHandlers = Pick<ScreenRowProps, 'onText' | 'onAction' | 'onSeek' | 'onFocus'>;

interface Props extends RowHandlers {
  doc: Y.Doc;
  screens: Screen[];
  settings: SubtitleSettings;
  warnings: WarningMap;
  peers: DocPeer[];
  writable: boolean;
  player: PlayerController;
  /** The screen holding the caret (kept rendered), -1 for none. */
  focusedIndex: number;
}

/** A screen's text, focused once rendered. */
const SCREEN_FOCUS: PendingFocusOptions<HTMLTextAreaElement> = {
  selector: (screenId) => `[data-screen-id="${CSS.escape(screenId)}"] textarea`,
  placeCaret: (element, offset) => {
    const at = offset ?? element.value.length;
    element.setSelectionRange(at, at);
  },
  maxTries: 10,
};

export const ScreenList = forwardRef<ScreenListHandle, Props>(function ScreenList(props, ref) {
  const { t } = useTranslation('subtitles');
  const { doc, screens, settings, warnings, peers, writable, player, focusedIndex } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useScrollMargin(listRef);
  const playingIndex = usePlayerState((s) => screenAt(screens, s.time));
  const peerOf = useMemo(() => new Map(peers.filter((p) => p.turnId).map((p) => [p.turnId!, p])), [peers]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes: number[] = [];
      for (let i = Math.max(0, range.startIndex - range.overscan); i <= Math.min(screens.length - 1, range.endIndex + range.overscan); i += 1) indexes.push(i);
      if (focusedIndex >= 0 && focusedIndex < screens.length && !indexes.includes(focusedIndex)) indexes.push(focusedIndex);
      return indexes.sort((a, b) => a - b);
    },
    [screens.length, focusedIndex],
  );

  const lineHeight = 24;
  const virtualizer = useWindowVirtualizer({
    count: screens.length,
    estimateSize: () => 60 + settings.maxLinesPerScreen * lineHeight,
    getItemKey: (index) => screens[index]?.id ?? index,
    overscan: 6,
    rangeExtractor,
    scrollMargin,
  });

  const followed = useMemo(() => ({ items: screensOf(doc), startKey: 'start', endKey: 'end', indexAttribute: 'data-screen-index', textSelector: '[data-screen-text]' }), [doc]);
  const follow = useFollowPlayback(followed, player, virtualizer, listRef);

  const focusWhenRendered = usePendingFocus(listRef, SCREEN_FOCUS);

  useImperativeHandle(
    ref,
    () => ({
      focusScreen(screenId, offset) {
        const index = screens.findIndex((s) => s.id === screenId);
        if (index < 0) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        focusWhenRendered(screenId, offset);
      },
      resumeFollow: follow.resume,
    }),
    [screens, virtualizer, focusWhenRendered, follow.resume],
  );

  const items = virtualizer.getVirtualItems();
  const handlers: RowHandlers = { onText: props.onText, onAction: props.onAction, onSeek: props.onSeek, onFocus: props.onFocus };

  return (
    <>
      <div ref={listRef} role="list" aria-label={t('editor.screens')} data-testid="screen-list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const screen = screens[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <ScreenRow
                screen={screen}
                index={item.index}
                isLast={item.index === screens.length - 1}
                problems={warnings.get(screen.id)}
                playing={item.index === playingIndex}
                peer={peerOf.get(screen.id)}
                settings={settings}
                writable={writable}
                {...handlers}
              />
            </div>
          );
        })}
      </div>
      {follow.away && <BackToPlayback label={t('editor.backToPlayback')} onClick={follow.backToPlayback} />}
    </>
  );
});
