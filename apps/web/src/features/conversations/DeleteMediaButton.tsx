/** Deletes one media after a confirmation modal, then goes back to the media library. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useDeleteConversation } from './api.ts';

export function DeleteMediaButton({ conversationId, name, variant = 'light' }: { conversationId: string; name: string; variant?: 'light' | 'filled' | 'default' }) {
  const { t } = useTranslation(['conversations', 'common']);
  const [open, setOpen] = useState(false);
  const remove = useDeleteConversation();
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(conversationId, {
      onSuccess: () => {
        setOpen(false);
        notifySuccess(t('delete.done', { name }));
        void navigate(paths.explore);
      },
      onError: (error) => notifyError(error, t('delete.failed')),
    });

  return (
    <>
      <Button color="red" variant={variant} leftSection={<IconTrash size={16} />} onClick={() => setOpen(true)}>
        {t('delete.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('delete.title')} centered>
        <Stack>
          <Text>{t('delete.message', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending} data-autofocus>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
