/** Renewing a key: a new secret and a new lifetime; the old secret stops working at once. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EXPIRY } from './expiry.ts';
import { ExpirySelect } from './ExpirySelect.tsx';

export function RenewApiKeyModal({ apiKey, pending, onClose, onConfirm }: { apiKey: ApiKey | null; pending: boolean; onClose: () => void; onConfirm: (expiry: string) => void }) {
  const { t } = useTranslation(['apiKeys', 'common']);
  const [expiry, setExpiry] = useState<string>(DEFAULT_EXPIRY);
  return (
    <Modal opened={apiKey !== null} onClose={() => !pending && onClose()} title={t('apiKeys:renew.title', { name: apiKey?.name ?? '' })} centered>
      <Stack>
        <Text size="sm">{t('apiKeys:renew.warning')}</Text>
        <ExpirySelect value={expiry} onChange={setExpiry} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => onConfirm(expiry)} loading={pending} data-autofocus>
            {t('apiKeys:renew.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
