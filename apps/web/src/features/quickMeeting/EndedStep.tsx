/** After the meeting: where it was saved (its media, or the library while a job saves it), or that it was discarded. */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';

export function EndedStep({ discarded, savedConversationId, onAgain }: { discarded: boolean; savedConversationId: string | null; onAgain: () => void }) {
  const { t } = useTranslation('quickMeeting');
  return (
    <Stack gap="md">
      <Alert color={discarded ? 'gray' : 'green'} title={discarded ? t('ended.discardedTitle') : t('ended.savedTitle')} role="status">
        {discarded ? t('ended.discardedMessage') : savedConversationId ? t('ended.savedMessage') : t('ended.savingMessage')}
      </Alert>
      <Group gap="sm">
        {!discarded && (
          <Button component={Link} to={savedConversationId ? paths.conversation(savedConversationId) : paths.explore}>
            {savedConversationId ? t('ended.openMedia') : t('ended.openLibrary')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAgain}>
          {t('ended.again')}
        </Button>
      </Group>
    </Stack>
  );
}
