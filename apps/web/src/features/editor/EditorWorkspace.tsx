/**
 * The editor once its document exists: builds the EditorSession (undo over one's own origin, the
 * player, focus and reveal, confidence marks, peers, sync state) and the turn actions, then lays out
 * the toolbar and player (kept in view) above the transcript, the problems worth a reload, and the
 * panels. `data-editor-ready` is set once the document is in sync and the first turns are painted.
 */
import { Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hasRight, RIGHT, TURN_SIZE, type EditError } from '@palabre/shared';
import { speakersOf, turnsOf } from '@palabre/shared/collab';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as Y from 'yjs';
import type { EditorMedia } from './api.ts';
import { usePublicConfig } from '../../api/queries.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import type { SelectedWords } from '../highlights/selection.ts';
import { AudioPlayer } from '../player/AudioPlayer.tsx';
import type { PlayerController } from '../player/player.ts';
import classes from './Editor.module.css';
import chrome from './EditorChrome.module.css';
import { EditorProblems } from './EditorProblems.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { PanelHost, type EditorPanel } from './panels/index.ts';
import { EditorRuntimeContext, type EditorRuntime } from './runtime.ts';
import { EditorSessionContext, type EditorSession } from './session.ts';
import { TranscriptList, type TranscriptListHandle } from './TranscriptList.tsx';
import { createTurnActions } from './turnActions.ts';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import type { CollabDocument } from './useCollabDocument.ts';

const CONFIDENCE_KEY = 'palabre.editor.showConfidence';

// Highlights (experimental flag) load after the editor opened, only when the flag is on.
const HighlightLayer = lazy(() => import('../highlights/HighlightLayer.tsx'));
const CreateHighlight = lazy(() => import('../highlights/CreateHighlight.tsx'));

/**
 * The highlights' layer and their form, mounted the frame after it is itself mounted: the editor's
 * first paint does not wait for them, and the flip is this component's own state (the workspace
 * does not render again for it).
 */
function DeferredHighlights({ highlighting, onClosed }: { highlighting: SelectedWords | null; onClosed(): void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!ready) return null;
  return (
    <>
      <Suspense fallback={null}>
        <HighlightLayer />
      </Suspense>
      {highlighting && (
        <Suspense fallback={null}>
          <CreateHighlight words={highlighting} onClose={onClosed} />
        </Suspense>
      )}
    </>
  );
}

function useShowConfidence() {
  const [show, setShow] = useState(() => localStorage.getItem(CONFIDENCE_KEY) !== 'false');
  const set = useCallback((value: boolean) => {
    localStorage.setItem(CONFIDENCE_KEY, String(value));
    setShow(value);
  }, []);
  return [show, set] as const;
}

export function EditorWorkspace({ conversation, document, player }: { conversation: EditorMedia; document: CollabDocument; player: PlayerController }) {
  const { t } = useTranslation('editor');
  const { doc, client, status } = document;
  const origin = useMemo(() => ({ editor: conversation._id }), [conversation._id]);
  const undo = useMemo(() => new Y.UndoManager([turnsOf(doc), speakersOf(doc)], { trackedOrigins: new Set([origin]) }), [doc, origin]);
  useEffect(() => () => undo.destroy(), [undo]);
  const [showConfidence, setShowConfidence] = useShowConfidence();
  const addedSpeakers = useMemo(() => new Set<string>(), [doc]);
  const [panel, setPanel] = useState<EditorPanel | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const painted = useRef(false);
  const [unsynced, setUnsynced] = useState<ReadonlySet<string>>(new Set());
  const list = useRef<TranscriptListHandle>(null);
  const highlights = usePublicConfig().data?.features.experimentalHighlight === true;
  const [highlighting, setHighlighting] = useState<SelectedWords | null>(null);

  const access = status.access ?? 'read';
  const blocked = status.problem !== null && status.problem.kind !== 'join_failed';
  const writable = access === 'write' && status.synced && !blocked;
  useEditorShortcuts(player, undo, writable);

  const refused = useCallback(
    (error: EditError, action: 'text' | 'split' | 'merge') => {
      // A merge past the turn size is refused with the format's rule; typing past it is too.
      const title = action === 'merge' ? t('errors.mergeRefused') : action === 'split' ? t('errors.splitRefused') : undefined;
      const message =
        error.code === 'turn_too_long'
          ? action === 'merge'
            ? t('common:apiError.turn_too_long')
            : t('errors.textTooLong', { max: TURN_SIZE })
          : t(`common:apiError.${error.code}`, { defaultValue: t('errors.refused') });
      notifications.show({ color: 'red', title, message, autoClose: 6000 });
    },
    [t],
  );

  const actions = useMemo(
    () =>
      createTurnActions({
        doc,
        origin,
        undo,
        focusTurn: (turnId, offset) => list.current?.focusTurn(turnId, offset),
        presence: (turnId, typing) => client.setPresence(turnId, typing),
        refused,
        unsynced: (turnId, failed) =>
          setUnsynced((current) => {
            if (current.has(turnId) === failed) return current;
            const next = new Set(current);
            if (failed) next.add(turnId);
            else next.delete(turnId);
            return next;
          }),
        seeked: () => list.current?.resumeFollow(),
      }),
    [doc, origin, undo, client, refused],
  );

  const session = useMemo<EditorSession>(
    () => ({
      conversationId: conversation._id,
      organizationId: conversation.organizationId,
      right: conversation.right,
      doc,
      access,
      origin,
      undo,
      player,
      focusTurn: (turnId, offset) => list.current?.focusTurn(turnId, offset),
      revealTurn: (turnId) => list.current?.revealTurn(turnId),
      addedSpeakers,
      showConfidence,
      setShowConfidence,
      peers: status.peers,
      sync: status.sync,
    }),
    [
      conversation._id,
      conversation.organizationId,
      conversation.right,
      doc,
      access,
      origin,
      undo,
      player,
      addedSpeakers,
      showConfidence,
      setShowConfidence,
      status.peers,
      status.sync,
    ],
  );
  const runtime = useMemo<EditorRuntime>(() => ({ client, actions, writable, onSeeked: () => list.current?.resumeFollow() }), [client, actions, writable]);
  // Ready once in sync and the first turns are painted. Set on the element rather than through state:
  // a render of the whole workspace only to flip it would delay the first paint of a long transcript.
  const synced = status.synced;
  const markReady = useCallback(() => root.current?.setAttribute('data-editor-ready', synced && painted.current ? 'true' : 'false'), [synced]);
  useLayoutEffect(markReady, [markReady]);
  // The "Highlight" action (comment right): the selected words, else a word to say what to select.
  const mayHighlight = highlights && hasRight(conversation.right, RIGHT.COMMENT);
  const highlight = useCallback(async () => {
    const { selectedWords } = await import('../highlights/selection.ts');
    const words = selectedWords();
    if (words) setHighlighting(words);
    else notifications.show({ color: 'yellow', message: t('highlight.selectFirst'), autoClose: 5000 });
  }, [t]);
  const onPainted = useCallback(() => {
    painted.current = true;
    markReady();
  }, [markReady]);

  return (
    <EditorSessionContext.Provider value={session}>
      <EditorRuntimeContext.Provider value={runtime}>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Stack ref={root} gap="sm" data-testid="transcript-editor-root" style={{ flex: 1, minWidth: 0 }}>
            <div className={chrome.bar}>
              <Stack gap="xs">
                <EditorToolbar unsaved={status.unsaved} onOpen={setPanel} onHighlight={mayHighlight ? () => void highlight() : undefined} highlights={highlights} />
                <AudioPlayer conversationId={conversation._id} hasPeaks={conversation.media.peaks} hasAudio={conversation.media.mimeType !== null} />
              </Stack>
            </div>
            <EditorProblems problem={status.problem} unsynced={unsynced.size > 0} conversationId={conversation._id} />
            <Paper withBorder radius="md" p="xs">
              {status.synced ? <TranscriptList ref={list} onPainted={onPainted} /> : status.problem ? null : <CenteredLoader />}
            </Paper>
          </Stack>
          <div className={classes.side}>
            <PanelHost panel={panel} onClose={() => setPanel(null)} />
          </div>
        </Group>
        {highlights && status.synced && <DeferredHighlights highlighting={highlighting} onClosed={() => setHighlighting(null)} />}
      </EditorRuntimeContext.Provider>
    </EditorSessionContext.Provider>
  );
}
