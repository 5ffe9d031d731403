/** A key's secret, right after it was created or renewed: shown this once, with a copy button. */
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ApiKeyWithSecret } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import classes from './ApiKeys.module.css';

export function SecretModal({ apiKey, onClose }: { apiKey: ApiKeyWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title={t('apiKeys:secret.title', { name: apiKey?.name ?? '' })} centered size="lg">
      {apiKey && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('apiKeys:secret.onceTitle')}>
            {t('apiKeys:secret.once')}
          </Alert>
          <TextInput
            label={t('apiKeys:secret.label')}
            value={apiKey.secret}
            readOnly
            classNames={{ input: classes.secret }}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="api-key-secret"
            rightSection={
              <CopyButton value={apiKey.secret}>
                {({ copied, copy }) => (
                  <ActionIcon variant="subtle" color={copied ? 'green' : undefined} onClick={copy} aria-label={copied ? t('apiKeys:secret.copied') : t('apiKeys:secret.copy')}>
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                )}
              </CopyButton>
            }
          />
          <Text size="sm" c="dimmed">
            {t('apiKeys:secret.usage')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('apiKeys:secret.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
