/** The button that appears once the list was scrolled away from what plays: it scrolls back and follows playback again. */
import { Button } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import classes from './EditorChrome.module.css';

export function BackToPlayback({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button className={classes.follow} leftSection={<IconPlayerTrackNext size={16} aria-hidden />} onClick={onClick} data-testid="back-to-playback">
      {label}
    </Button>
  );
}
