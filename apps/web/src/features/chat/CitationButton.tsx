/** A moment an answer cites, as a button "03:41 Alice": it shows the turn and plays from its start. */
import { Button, Tooltip } from '@mantine/core';
import type { Citation } from '@palabre/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../conversations/format.ts';
import { useEditorSession } from '../editor/session.ts';

export function CitationButton({ citation, inline = false }: { citation: Citation; inline?: boolean }) {
  const { t } = useTranslation('chat');
  const session = useEditorSession();
  const time = formatTime(citation.start);
  const play = () => {
    session.revealTurn(citation.turnId);
    session.player.seek(citation.start, true);
  };
  return (
    <Tooltip label={citation.excerpt} multiline w={280} withArrow disabled={!citation.excerpt}>
      <Button
        variant="light"
        size="compact-xs"
        radius="xl"
        mx={inline ? 2 : 0}
        leftSection={<IconPlayerPlay size={10} aria-hidden />}
        onClick={play}
        aria-label={t('citation.play', { time, speaker: citation.speaker })}
        data-citation={citation.turnId}
        data-start={citation.start}
      >
        {time} {citation.speaker}
      </Button>
    </Tooltip>
  );
}
