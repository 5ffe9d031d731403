/** Confirmation before deleting something (a category, a tag, subtitle versions): what, and anything more the caller shows (a list, why it failed). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDelete({
  opened,
  title,
  message,
  pending,
  onConfirm,
  onClose,
  confirmLabel,
  children,
}: {
  opened: boolean;
  title: string;
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirming button's words (default: Delete). */
  confirmLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
            {confirmLabel ?? t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
