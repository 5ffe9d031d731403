/** Renaming a chat: its title (required, at most CHAT_LIMITS.title characters). */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CHAT_LIMITS, type Chat } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/FormFailure.tsx';

export function RenameChatModal({ chat, pending, error, onSave, onClose }: { chat: Chat; pending: boolean; error: unknown; onSave(title: string): void; onClose(): void }) {
  const { t } = useTranslation(['chat', 'common']);
  const [title, setTitle] = useState(chat.title);
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened onClose={() => !pending && onClose()} title={t('chat:list.renameTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return setMissing(true);
          onSave(title.trim());
        }}
      >
        <Stack>
          <TextInput
            label={t('chat:list.title')}
            value={title}
            maxLength={CHAT_LIMITS.title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('common:error.required') : undefined}
            data-autofocus
            required
          />
          <FormFailure error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
