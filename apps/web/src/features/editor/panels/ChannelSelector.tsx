/**
 * The children of a media (the channels of a multi-track media, the translations of a saved live
 * session): choosing one opens its transcription. Hidden for a media without children. Asked only
 * once `enabled` (the editor: its document joined), so that its requests do not reach the server
 * while it answers the join.
 */
import { NativeSelect } from '@mantine/core';
import { API } from '@palabre/shared';
import { IconWaveSine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { paths } from '../../../routes/paths.ts';
import { conversationKeys } from '../../conversations/api.ts';
import { channelChoices } from './channels.ts';

export function ChannelSelector({ conversationId, enabled = true }: { conversationId: string; enabled?: boolean }) {
  const { t } = useTranslation('editorPanels');
  const navigate = useNavigate();
  // Only the fields it needs: the whole media would bring its transcript along.
  const media = useQuery({
    queryKey: [...conversationKeys.detail(conversationId), 'channel'],
    queryFn: async () =>
      (await call(API.conversations.get, { params: { id: conversationId }, query: { projection: 'name,parent' } })) as { _id: string; name?: string; parent?: string | null },
    enabled,
    staleTime: 60_000,
  });
  const rootId = media.data ? (media.data.parent ?? media.data._id) : undefined;
  const children = useQuery({
    queryKey: ['conversations', rootId ?? '', 'children', 'name'],
    queryFn: async () => (await call(API.conversations.children, { params: { id: rootId! }, query: { projection: 'name' } })).list,
    enabled: Boolean(rootId),
    staleTime: 60_000,
  });
  // A parent's only child (a translation) offers the way back to the parent: its name is needed.
  const parentId = media.data?.parent ?? null;
  const parent = useQuery({
    queryKey: [...conversationKeys.detail(parentId ?? ''), 'channel'],
    queryFn: async () => (await call(API.conversations.get, { params: { id: parentId! }, query: { projection: 'name,parent' } })) as { _id: string; name?: string },
    enabled: parentId !== null && children.data?.length === 1,
    staleTime: 60_000,
  });
  const choices = channelChoices(
    { id: conversationId, name: media.data?.name ?? '' },
    parent.data ? { id: parent.data._id, name: parent.data.name ?? '' } : null,
    children.data ?? [],
    (number) => t('controls.channelNumber', { number }),
  );
  if (!choices) return null;
  return (
    <NativeSelect
      size="sm"
      maw={220}
      aria-label={t('controls.channel')}
      title={t('controls.channel')}
      leftSection={<IconWaveSine size={16} aria-hidden />}
      value={conversationId}
      data={choices}
      onChange={(event) => {
        const id = event.currentTarget.value;
        if (id !== conversationId) void navigate(paths.conversationTranscription(id));
      }}
    />
  );
}
