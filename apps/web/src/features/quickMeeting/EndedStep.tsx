/** After the meeting: the media it was saved as, that nothing was recorded to save, or that it was discarded. */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';

export function EndedStep({ discarded, savedConversationId, onAgain }: { discarded: boolean; savedConversationId: string | null; onAgain: () => void }) {
  const { t } = useTranslation('quickMeeting');
  return (
    <Stack gap="md">
      {discarded || !savedConversationId ? (
        <Alert color="gray" title={discarded ? t('ended.discardedTitle') : t('ended.emptyTitle')} role="status">
          {discarded ? t('ended.discardedMessage') : t('ended.emptyMessage')}
        </Alert>
      ) : (
        <Alert color="green" title={t('ended.savedTitle')} role="status">
          {t('ended.savedMessage')}
        </Alert>
      )}
      <Group gap="sm">
        {!discarded && (
          <Button component={Link} to={savedConversationId ? paths.conversation(savedConversationId) : paths.explore} variant={savedConversationId ? 'filled' : 'default'}>
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
