/**
 * The editor's conversation panel ("Ask the transcript"), loaded on first use: the caller's chats
 * with this media (choose, new, rename, delete), the chosen one's messages and the question box.
 * Without a usable AI profile it only says what it needs.
 */
import { ActionIcon, Alert, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { Chat } from '@palabre/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { useEditorSession } from '../editor/session.ts';
import { useChat, useChatMutations, useChats } from './api.ts';
import { ChatThread } from './ChatThread.tsx';
import { RenameChatModal } from './RenameChatModal.tsx';

function ChatView({ conversationId, chatId }: { conversationId: string; chatId: string }) {
  const chat = useChat(conversationId, chatId);
  if (chat.isPending) return <CenteredLoader />;
  if (!chat.data) return <FormFailure error={chat.error} />;
  return <ChatThread key={chatId} conversationId={conversationId} chatId={chatId} messages={chat.data.messages} />;
}

export default function ChatPanel() {
  const { t } = useTranslation('chat');
  const { conversationId } = useEditorSession();
  const chats = useChats(conversationId);
  const mutations = useChatMutations(conversationId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Chat | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);

  if (chats.isPending) return <CenteredLoader />;
  if (!chats.data) return <FormFailure error={chats.error} />;
  if (!chats.data.available) {
    return (
      <Alert color="gray" data-testid="chat-unavailable">
        {t('unavailable')}
      </Alert>
    );
  }

  const list = chats.data.chats;
  // The chosen chat, else the newest one.
  const current = list.find((chat) => chat._id === chosen) ?? list[0] ?? null;
  const titleOf = (chat: Chat) => chat.title || t('list.untitled');
  const create = () => mutations.create.mutate(undefined, { onSuccess: (chat) => setChosen(chat._id) });

  return (
    <Stack gap="sm" data-testid="chat-panel">
      <Group gap={4} wrap="nowrap" align="flex-end">
        {current ? (
          <Select
            label={t('list.label')}
            data={list.map((chat) => ({ value: chat._id, label: titleOf(chat) }))}
            value={current._id}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="chat-select"
          />
        ) : (
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {t('list.none')}
          </Text>
        )}
        <Tooltip label={t('list.new')} withArrow>
          <ActionIcon variant="default" size="lg" onClick={create} loading={mutations.create.isPending} aria-label={t('list.new')} data-testid="chat-new">
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {current && (
          <>
            <Tooltip label={t('list.rename')} withArrow>
              <ActionIcon variant="default" size="lg" onClick={() => setRenaming(current)} aria-label={t('list.rename')} data-testid="chat-rename">
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('list.delete')} withArrow>
              <ActionIcon variant="default" size="lg" color="red" onClick={() => setDeleting(current)} aria-label={t('list.delete')} data-testid="chat-delete">
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Group>
      <FormFailure error={mutations.create.error} />
      {current ? <ChatView conversationId={conversationId} chatId={current._id} /> : null}
      {renaming && (
        <RenameChatModal
          chat={renaming}
          pending={mutations.rename.isPending}
          error={mutations.rename.error}
          onSave={(title) => mutations.rename.mutate({ chatId: renaming._id, title }, { onSuccess: () => setRenaming(null) })}
          onClose={() => {
            mutations.rename.reset();
            setRenaming(null);
          }}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteConfirm', { title: deleting ? titleOf(deleting) : '' })}
        pending={mutations.remove.isPending}
        onConfirm={() => deleting && mutations.remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          mutations.remove.reset();
          setDeleting(null);
        }}
      >
        <FormFailure error={mutations.remove.error} />
      </ConfirmDelete>
    </Stack>
  );
}
