/**
 * The caller's conversations with a media's transcript (`API.chats.*`): the list (and whether an AI
 * profile is usable), one chat with its messages, and creating, renaming and deleting chats.
 */
import { API, type Chat, type ChatMessage, type ResponseOf } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';

export type ChatDetail = ResponseOf<typeof API.chats.get>;

export const chatKeys = {
  list: (conversationId: string) => [...conversationKeys.detail(conversationId), 'chats'] as const,
  detail: (conversationId: string, chatId: string) => [...conversationKeys.detail(conversationId), 'chats', chatId] as const,
};

export function useChats(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.list(conversationId),
    queryFn: ({ signal }) => call(API.chats.list, { params: { id: conversationId }, signal }),
  });
}

export function useChat(conversationId: string, chatId: string | null) {
  return useQuery({
    queryKey: chatKeys.detail(conversationId, chatId ?? ''),
    queryFn: ({ signal }) => call(API.chats.get, { params: { id: conversationId, chatId: chatId! }, signal }),
    enabled: chatId !== null,
  });
}

/** Creating, renaming and deleting chats; each keeps the list in step. */
export function useChatMutations(conversationId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: chatKeys.list(conversationId), exact: true });
  return {
    create: useMutation({
      mutationFn: () => call(API.chats.create, { params: { id: conversationId }, body: {} }),
      onSuccess: async (chat: Chat) => {
        client.setQueryData<ChatDetail>(chatKeys.detail(conversationId, chat._id), { ...chat, messages: [] });
        await refresh();
      },
    }),
    rename: useMutation({
      mutationFn: ({ chatId, title }: { chatId: string; title: string }) => call(API.chats.rename, { params: { id: conversationId, chatId }, body: { title } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (chatId: string) => call(API.chats.remove, { params: { id: conversationId, chatId } }),
      onSuccess: async (_nothing, chatId) => {
        client.removeQueries({ queryKey: chatKeys.detail(conversationId, chatId) });
        await refresh();
      },
    }),
  };
}

/** Adds a question and its answer to a chat as the server saved them (the stream's `done`), and refreshes the list (title, order). */
export function useAppendMessages(conversationId: string) {
  const client = useQueryClient();
  return (chatId: string, messages: ChatMessage[]) => {
    client.setQueryData<ChatDetail>(chatKeys.detail(conversationId, chatId), (old) => (old ? { ...old, messages: [...old.messages, ...messages] } : old));
    void client.invalidateQueries({ queryKey: chatKeys.list(conversationId), exact: true });
  };
}

/** The chat's messages again from the server (after an answer ended in an error or was stopped: it kept what came); resolves to how many there are. */
export function useRefreshChat(conversationId: string) {
  const client = useQueryClient();
  return async (chatId: string) => {
    await client.invalidateQueries({ queryKey: chatKeys.detail(conversationId, chatId) });
    return client.getQueryData<ChatDetail>(chatKeys.detail(conversationId, chatId))?.messages.length ?? 0;
  };
}
