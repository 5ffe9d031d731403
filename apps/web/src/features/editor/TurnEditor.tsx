/**
 * One turn of the editor: its speaker (a menu to give it another), its start time (a click listens
 * from there), its menu (split, merge) and its text, painted and edited by TurnController. React
 * renders the frame only (the menus mount on first use: LazyMenu); typing and playback repaint the text without rendering this component.
 * A turn someone else is typing in shows their colour and name and cannot be edited meanwhile; the
 * others whose caret is in it are named there too, without blocking anything.
 */
import { ActionIcon, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { type DocPeer } from '@palabre/shared';
import { setTurnSpeaker, type TurnMap } from '@palabre/shared/collab';
import { IconArrowMerge, IconArrowsSplit, IconDots, IconUserPlus } from '@tabler/icons-react';
import { memo, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../components/LazyMenu.tsx';
import { formatTime } from '../conversations/format.ts';
import classes from './Editor.module.css';
import { useEditorRuntime } from './runtime.ts';
import { useEditorSession } from './session.ts';
import { listedSpeakers } from './panels/docState.ts';
import { TurnController } from './turnController.ts';
import { selectionOffsets } from './turnDom.ts';

interface TurnEditorProps {
  map: TurnMap;
  index: number;
  speakers: ReadonlyMap<string, string>;
  /** The others whose caret is in this turn; one typing there holds it (the lock). */
  peers: readonly DocPeer[];
  onNewSpeaker(turnId: string): void;
}

/** Re-renders when a direct key of the turn (speaker, times) changes, not on text edits. */
function useTurnKeys(map: TurnMap) {
  const version = useRef(0);
  const subscribe = (onChange: () => void) => {
    const handler = () => {
      version.current += 1;
      onChange();
    };
    map.observe(handler);
    return () => map.unobserve(handler);
  };
  useSyncExternalStore(subscribe, () => version.current);
  return { id: map.get('id') as string, speaker: map.get('speaker') as string, stime: map.get('stime') as number };
}

/** The speakers a turn can be given (listedSpeakers), read when its menu opens (the dropdown renders only then). */
function SpeakerChoices({ turnId, current }: { turnId: string; current: string }) {
  const session = useEditorSession();
  const choices = listedSpeakers(session.doc, session.addedSpeakers).sort((a, b) => a.name.localeCompare(b.name));
  return choices.map((choice) => (
    <Menu.Item key={choice.id} disabled={choice.id === current} onClick={() => setTurnSpeaker(session.doc, turnId, choice.id, session.origin)}>
      {choice.name}
    </Menu.Item>
  ));
}

export const TurnEditor = memo(function TurnEditor({ map, index, speakers, peers, onNewSpeaker }: TurnEditorProps) {
  const { t } = useTranslation('editor');
  const session = useEditorSession();
  const runtime = useEditorRuntime();
  const { id, speaker, stime } = useTurnKeys(map);
  const lock = peers.find((peer) => peer.typing) ?? null;
  const here = [...new Map(peers.filter((peer) => peer !== lock && peer.userId !== lock?.userId).map((peer) => [peer.userId, peer])).values()];
  const textRef = useRef<HTMLDivElement>(null);
  const controller = useRef<TurnController | null>(null);
  const editable = runtime.writable && lock === null;
  const options = { editable, showConfidence: session.showConfidence, lowClass: classes.low! };
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // The caret's last place in the turn, for the menu's split (opening the menu moves the focus).
  const lastCaret = useRef(0);

  useLayoutEffect(() => {
    const created = new TurnController(textRef.current!, map, session.player, session.origin, runtime.actions, optionsRef.current);
    controller.current = created;
    return () => {
      created.destroy();
      controller.current = null;
    };
  }, [map, session.player, session.origin, runtime.actions]);

  useEffect(() => {
    controller.current?.update(options);
  });

  const speakerName = speakers.get(speaker) ?? speaker;
  const headingId = `turn-${id}-speaker`;
  const rememberCaret = () => {
    const offsets = textRef.current ? selectionOffsets(textRef.current) : null;
    if (offsets) lastCaret.current = offsets.start;
  };
  const splitAt = () => {
    const element = textRef.current;
    const offsets = element ? selectionOffsets(element) : null;
    runtime.actions.split(id, offsets?.start ?? lastCaret.current);
  };

  return (
    <article
      className={`${classes.turn} ${lock ? classes.locked : ''}`}
      style={lock ? ({ '--lock-color': lock.color } as React.CSSProperties) : undefined}
      aria-labelledby={headingId}
      data-turn-id={id}
      data-turn-index={index}
      onKeyUp={rememberCaret}
      onMouseUp={rememberCaret}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <LazyMenu
            position="bottom-start"
            withinPortal
            disabled={!runtime.writable}
            target={
              <UnstyledButton aria-label={t('turn.speakerMenu', { name: speakerName })} disabled={!runtime.writable} data-testid="turn-speaker">
                <Text size="sm" fw={600} id={headingId} component="span" truncate>
                  {speakerName}
                </Text>
              </UnstyledButton>
            }
          >
            <Menu.Label>{t('turn.changeSpeaker')}</Menu.Label>
            <SpeakerChoices turnId={id} current={speaker} />
            <Menu.Divider />
            <Menu.Item leftSection={<IconUserPlus size={14} />} onClick={() => onNewSpeaker(id)}>
              {t('turn.newSpeaker')}
            </Menu.Item>
          </LazyMenu>
          <UnstyledButton className={classes.time} onClick={() => session.player.seek(stime, true)} aria-label={t('turn.playFrom', { time: formatTime(stime) })}>
            {formatTime(stime)}
          </UnstyledButton>
          {lock && (
            <Badge size="sm" variant="light" style={{ color: lock.color }} data-testid="turn-lock">
              {t('turn.typing', { name: lock.name })}
            </Badge>
          )}
          {here.map((peer) => (
            <Badge key={peer.userId} size="sm" variant="dot" color={peer.color} data-testid="turn-peer">
              {t('turn.here', { name: peer.name })}
            </Badge>
          ))}
        </Group>
        {runtime.writable && (
          <LazyMenu
            position="bottom-end"
            withinPortal
            target={
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('turn.menu')}>
                <IconDots size={14} />
              </ActionIcon>
            }
          >
            <Menu.Item leftSection={<IconArrowsSplit size={14} />} disabled={!editable} onClick={splitAt}>
              {t('turn.split')}
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowMerge size={14} />} disabled={!editable || index === 0} onClick={() => runtime.actions.merge(id, 'previous')}>
              {t('turn.mergePrevious')}
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowMerge size={14} />} disabled={!editable} onClick={() => runtime.actions.merge(id, 'next')}>
              {t('turn.mergeNext')}
            </Menu.Item>
          </LazyMenu>
        )}
      </Group>
      <div
        ref={textRef}
        className={classes.text}
        data-turn-text=""
        contentEditable={editable}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="false"
        aria-readonly={!editable}
        aria-label={t('turn.text', { name: speakerName, time: formatTime(stime) })}
        spellCheck
        lang={(map.get('language') as string | undefined) ?? undefined}
      />
    </article>
  );
});
