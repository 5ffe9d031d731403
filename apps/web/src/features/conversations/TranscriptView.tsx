/**
 * The read-only transcript by speaker turns: speaker name, turn start time, and the words; a click
 * (or Enter) on a word seeks the player to its start and plays. The playing word is highlighted and
 * carries aria-current. Only the turns whose highlighted word changes re-render on a time tick, and
 * off-screen turns skip layout (content-visibility), so long transcripts stay cheap.
 * Keyboard: one word is in the tab order; ←/→ move between words, Home/End to the first/last.
 */
import { Box, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { createWordLocator, type Speaker, type Turn } from '@palabre/shared';
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format.ts';
import classes from './TranscriptView.module.css';
import { usePlayer, usePlayerState } from '../player/player.ts';

interface TurnProps {
  turn: Turn;
  turnIndex: number;
  speaker: string;
  activeWord: number;
  /** The word in the tab order (roving tabindex), or -1 when it is in another turn. */
  focusWord: number;
  onSeek: (seconds: number) => void;
}

const TurnView = memo(function TurnView({ turn, turnIndex, speaker, activeWord, focusWord, onSeek }: TurnProps) {
  const { t } = useTranslation('conversations');
  return (
    <Box component="article" className={classes.turn} aria-labelledby={`turn-${turnIndex}-speaker`} data-turn={turnIndex}>
      <Text size="sm" fw={600} id={`turn-${turnIndex}-speaker`} component="h3" m={0}>
        {speaker}{' '}
        <UnstyledButton className={classes.time} onClick={() => onSeek(turn.stime)} aria-label={t('transcript.playFrom', { time: formatTime(turn.stime) })} tabIndex={-1}>
          {formatTime(turn.stime)}
        </UnstyledButton>
      </Text>
      <p className={classes.words}>
        {turn.words.map((word, index) => (
          <span key={word.wid}>
            <button
              type="button"
              className={classes.word}
              data-wid={word.wid}
              data-stime={word.stime}
              aria-current={index === activeWord ? 'true' : undefined}
              tabIndex={index === focusWord ? 0 : -1}
              onClick={() => onSeek(word.stime)}
            >
              {word.word}
            </button>{' '}
          </span>
        ))}
      </p>
    </Box>
  );
});

export function TranscriptView({ speakers, turns }: { speakers: Speaker[]; turns: Turn[] }) {
  const { t } = useTranslation('conversations');
  const player = usePlayer();
  const container = useRef<HTMLDivElement>(null);
  const locator = useMemo(() => createWordLocator({ version: 1, speakers, text: turns }), [speakers, turns]);
  const names = useMemo(() => new Map(speakers.map((s) => [s.speaker_id, s.speaker_name])), [speakers]);
  // A string, so the selector's result is stable between ticks that do not change the word.
  const playing = usePlayerState((s) => {
    const at = locator.at(s.time);
    return at ? `${at.turnIndex}:${at.wordIndex}` : '';
  });
  const [activeTurn, activeWord] = playing ? playing.split(':').map(Number) : [-1, -1];
  const firstTurn = turns.findIndex((turn) => turn.words.length > 0);
  const focusTurn = activeTurn! >= 0 ? activeTurn! : firstTurn;
  const focusWord = activeTurn! >= 0 ? activeWord! : 0;

  const onSeek = useMemo(() => (seconds: number) => player.seek(seconds, true), [player]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('button[data-wid]') || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = Array.from(container.current?.querySelectorAll<HTMLButtonElement>('button[data-wid]') ?? []);
    const index = all.indexOf(target as HTMLButtonElement);
    const next =
      event.key === 'ArrowRight' ? all[index + 1] : event.key === 'ArrowLeft' ? all[index - 1] : event.key === 'Home' ? all[0] : event.key === 'End' ? all.at(-1) : undefined;
    if (!next) return;
    event.preventDefault();
    target.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  };

  if (turns.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">{t('transcript.empty')}</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md" ref={container} role="region" aria-label={t('transcript.label')} onKeyDown={onKeyDown} data-testid="transcript">
        {turns.map((turn, index) => (
          <TurnView
            key={turn.turn_id}
            turn={turn}
            turnIndex={index}
            speaker={names.get(turn.speaker_id) ?? turn.speaker_id}
            activeWord={index === activeTurn ? activeWord! : -1}
            focusWord={index === focusTurn ? focusWord : -1}
            onSeek={onSeek}
          />
        ))}
      </Stack>
    </Paper>
  );
}
