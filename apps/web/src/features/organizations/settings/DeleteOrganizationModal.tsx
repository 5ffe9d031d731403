/** Confirmation for deleting an organization: the user types its name. */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  name: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteOrganizationModal({ opened, name, loading, onClose, onConfirm }: Props) {
  const { t } = useTranslation(['organizations', 'common']);
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('organizations:delete.title')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim() === name) onConfirm();
        }}
      >
        <Stack>
          <Text size="sm">{t('organizations:delete.warning', { name })}</Text>
          <TextInput label={t('organizations:delete.typeName', { name })} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={typed.trim() !== name} loading={loading}>
              {t('organizations:delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
