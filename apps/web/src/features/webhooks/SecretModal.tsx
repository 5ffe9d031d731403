/** A webhook's signing secret, shown once (after creation or rotation), with a copy button. */
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation(['webhooks', 'common']);
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks:secret.title')} centered size="lg">
      <Stack>
        <Alert color="yellow">{t('webhooks:secret.once')}</Alert>
        <TextInput
          label={t('webhooks:secret.label')}
          value={secret ?? ''}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <ActionIcon variant="subtle" color={copied ? 'green' : undefined} onClick={copy} aria-label={copied ? t('webhooks:secret.copied') : t('webhooks:secret.copy')}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              )}
            </CopyButton>
          }
        />
        <Text size="sm" c="dimmed">
          {t('webhooks:secret.verify')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
