/**
 * The screen editor once its document exists: the undo manager over the screens (own origin only),
 * the edits (screenActions.ts) with refusals said in words, the live warnings, and the layout: the
 * toolbar and the waveform strip kept in view, the screens, and the video (or audio) beside them.
 * `data-subtitle-editor-ready` is set once the document is in sync.
 */
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ErrorCode } from '@palabre/shared';
import { screensOf } from '@palabre/shared/subtitles';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import * as Y from 'yjs';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { paths } from '../../../routes/paths.ts';
import type { EditorMedia } from '../../editor/api.ts';
import { BurnExport } from '../../burn/index.ts';
import { EditorProblems } from '../../editor/EditorProblems.tsx';
import type { CollabDocument } from '../../editor/useCollabDocument.ts';
import { useEditorShortcuts } from '../../editor/useEditorShortcuts.ts';
import { usePeaks } from '../../player/api.ts';
import { AudioPlayer } from '../../player/AudioPlayer.tsx';
import type { PlayerController } from '../../player/player.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { HelpDrawer } from './HelpDrawer.tsx';
import { createScreenActions, type ScreenAction } from './screenActions.ts';
import { ScreenList, type ScreenListHandle } from './ScreenList.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { problemStep, type ScreenKeyAction } from './shortcuts.ts';
import chrome from '../../editor/EditorChrome.module.css';
import classes from './SubtitleEditor.module.css';
import { SubtitleToolbar } from './SubtitleToolbar.tsx';
import { screenAt } from './timeline.ts';
import { TimelineStrip } from './TimelineStrip.tsx';
import { useScreens } from './useScreens.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { nextProblem, warningsByScreen } from './warnings.ts';

interface Props {
  media: EditorMedia;
  subtitleId: string;
  name: string;
  document: CollabDocument;
  player: PlayerController;
}

export function SubtitleWorkspace({ media, subtitleId, name, document: collab, player }: Props) {
  const { t } = useTranslation(['subtitles', 'common']);
  const { doc, client, status } = collab;
  const origin = useMemo(() => ({ subtitles: subtitleId }), [subtitleId]);
  const undo = useMemo(() => new Y.UndoManager([screensOf(doc)], { trackedOrigins: new Set([origin]) }), [doc, origin]);
  useEffect(() => () => undo.destroy(), [undo]);
  const { screens, settings } = useScreens(doc);
  const warnings = useMemo(() => warningsByScreen(screens, settings), [screens, settings]);
  const peaks = usePeaks(media._id, media.media.peaks);
  const list = useRef<ScreenListHandle>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [panel, setPanel] = useState<'settings' | 'help' | null>(null);

  const blocked = status.problem !== null && status.problem.kind !== 'join_failed';
  const writable = status.access === 'write' && status.synced && !blocked;
  useEditorShortcuts(player, undo, writable, '[data-screen-text]');

  const refused = useCallback(
    (error: ErrorCode, action: ScreenAction) => {
      const message =
        action === 'split' && error === 'validation_failed' ? t('editor.refused.splitEdge') : t(`common:apiError.${error}`, { defaultValue: t('editor.refused.other') });
      notifications.show({ color: 'red', title: t(`editor.refused.${action}`), message, autoClose: 6000 });
    },
    [t],
  );
  const duration = useCallback(() => player.getSnapshot().duration || media.duration || 0, [player, media.duration]);
  const actions = useMemo(() => createScreenActions({ doc, origin, undo, duration, refused }), [doc, origin, undo, duration, refused]);

  const screensRef = useRef(screens);
  screensRef.current = screens;
  const focusAt = useCallback((index: number, offset?: number) => {
    const screen = screensRef.current[index];
    if (screen) list.current?.focusScreen(screen.id, offset);
  }, []);

  const onAction = useCallback(
    (action: ScreenKeyAction, screenId: string, caret: number) => {
      const all = screensRef.current;
      const index = all.findIndex((s) => s.id === screenId);
      if (index < 0) return;
      switch (action) {
        case 'split': {
          const created = actions.split(screenId, caret);
          if (created) requestAnimationFrame(() => list.current?.focusScreen(created, 0));
          break;
        }
        case 'mergeNext': {
          const joint = all[index]!.text.length;
          if (actions.mergeNext(screenId)) requestAnimationFrame(() => list.current?.focusScreen(screenId, joint));
          break;
        }
        case 'addAfter': {
          const created = actions.addAfter(screenId);
          if (created) requestAnimationFrame(() => list.current?.focusScreen(created, 0));
          break;
        }
        case 'deleteScreen':
          actions.remove(screenId);
          requestAnimationFrame(() => focusAt(Math.min(index, screensRef.current.length - 1)));
          break;
        case 'playScreen':
          player.seek(all[index]!.start, true);
          break;
        case 'previousScreen':
          focusAt(index - 1);
          break;
        case 'nextScreen':
          focusAt(index + 1);
          break;
      }
    },
    [actions, player, focusAt],
  );

  const goToProblem = useCallback(
    (step: 1 | -1) => {
      const all = screensRef.current;
      const focusedIndex = all.findIndex((s) => s.id === focused);
      const from = focusedIndex >= 0 ? focusedIndex : screenAt(all, player.getSnapshot().time);
      const index = nextProblem(all, warnings, from >= 0 ? from : step === 1 ? -1 : all.length, step);
      if (index < 0) return;
      player.seek(all[index]!.start);
      focusAt(index);
    },
    [focused, warnings, player, focusAt],
  );

  // F8 / Shift+F8 anywhere on the page, even while typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = problemStep(event);
      if (step === null || globalThis.document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      goToProblem(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goToProblem]);

  const onText = useCallback((screenId: string, text: string) => actions.setText(screenId, text), [actions]);
  const onSeek = useCallback(
    (time: number) => {
      player.seek(time);
      list.current?.resumeFollow();
    },
    [player],
  );
  const onFocus = useCallback(
    (screenId: string | null, typing: boolean) => {
      setFocused(screenId);
      client.setPresence(screenId, typing);
    },
    [client],
  );
  const onAddAt = useCallback(
    (time: number) => {
      const created = actions.addAt(time);
      if (created) requestAnimationFrame(() => list.current?.focusScreen(created, 0));
    },
    [actions],
  );

  // The side column stays in view under the sticky bar, whatever its height.
  const [barHeight, setBarHeight] = useState(0);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setBarHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const focusedIndex = screens.findIndex((s) => s.id === focused);
  const problems = warnings.size;

  return (
    <Stack gap="sm" data-subtitle-editor-ready={status.synced ? 'true' : 'false'} data-testid="subtitle-editor-root">
      <div ref={bar} className={chrome.bar}>
        <Stack gap="xs">
          <SubtitleToolbar
            sync={status.sync}
            unsaved={status.unsaved}
            peers={status.peers}
            undo={undo}
            writable={writable}
            problems={problems}
            onProblem={goToProblem}
            onSettings={() => setPanel('settings')}
            onHelp={() => setPanel('help')}
            exports={<ExportMenu conversationId={media._id} subtitleId={subtitleId} name={name} />}
          />
          {status.synced && (
            <TimelineStrip
              screens={screens}
              settings={settings}
              warnings={warnings}
              peaks={peaks.data}
              duration={media.duration ?? 0}
              player={player}
              writable={writable}
              onRetime={actions.retime}
              onAddAt={onAddAt}
            />
          )}
        </Stack>
      </div>
      <EditorProblems
        problem={status.problem}
        unsynced={false}
        conversationId={media._id}
        namespace="subtitles"
        back={{ to: paths.conversationSubtitles(media._id), label: t('editor.back') }}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <div className={classes.side} style={{ '--side-top': `calc(var(--app-shell-header-offset, 0px) + ${barHeight}px)` } as CSSProperties}>
            <Stack gap="md">
              {media.media.video ? (
                <VideoPlayer conversationId={media._id} screens={screens} />
              ) : (
                <AudioPlayer conversationId={media._id} hasPeaks={false} hasAudio={media.media.mimeType !== null} />
              )}
              <BurnExport conversationId={media._id} subtitleId={subtitleId} />
            </Stack>
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="md" p="xs">
            {!status.synced ? (
              status.problem ? null : (
                <CenteredLoader />
              )
            ) : screens.length === 0 ? (
              <Stack align="center" p="md" gap="sm">
                <Text c="dimmed">{t('editor.empty')}</Text>
                {writable && (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onAddAt(player.getSnapshot().time)}>
                    {t('editor.addFirst')}
                  </Button>
                )}
              </Stack>
            ) : (
              <ScreenList
                ref={list}
                doc={doc}
                screens={screens}
                settings={settings}
                warnings={warnings}
                peers={status.peers}
                writable={writable}
                player={player}
                focusedIndex={focusedIndex}
                onText={onText}
                onAction={onAction}
                onSeek={onSeek}
                onFocus={onFocus}
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <SettingsDrawer opened={panel === 'settings'} onClose={() => setPanel(null)} conversationId={media._id} subtitleId={subtitleId} settings={settings} writable={writable} />
      <HelpDrawer opened={panel === 'help'} onClose={() => setPanel(null)} />
    </Stack>
  );
}
