/** Confirmation before deleting a category or a tag. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConfirmDelete({
  opened,
  title,
  message,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['library', 'common']);
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
            {t('library:delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
