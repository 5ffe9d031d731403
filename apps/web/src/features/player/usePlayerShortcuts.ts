/** Installs the player's keyboard shortcuts (shortcuts.ts) on the whole page while the player is shown. */
import { useEffect } from 'react';
import type { PlayerController } from './player.ts';
import { keyTarget, playerShortcut, REPLAY_SECONDS, type PlayerAction } from './shortcuts.ts';

export function runPlayerAction(player: PlayerController, action: PlayerAction) {
  if (action.kind === 'toggle') player.toggle();
  else if (action.kind === 'replay') player.seek((player.audio?.currentTime ?? player.getSnapshot().time) - REPLAY_SECONDS, true);
  else player.jump(action.seconds);
}

export function usePlayerShortcuts(player: PlayerController) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const action = playerShortcut(event, keyTarget(event.target));
      if (!action) return;
      // Handled here, first (capture): the page does not also scroll, and a focused slider does not also move.
      event.preventDefault();
      event.stopPropagation();
      runPlayerAction(player, action);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [player]);
}
