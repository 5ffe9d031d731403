/**
 * The channels of a multi-track media (its children): choosing one opens that channel's
 * transcription. Hidden for a single-track media.
 */
import { NativeSelect } from '@mantine/core';
import { API } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { paths } from '../../../routes/paths.ts';
import { useConversation } from '../../conversations/api.ts';

export function ChannelSelector({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('editorPanels');
  const navigate = useNavigate();
  const media = useConversation(conversationId);
  const rootId = media.data ? (media.data.parent ?? media.data._id) : undefined;
  const children = useQuery({
    queryKey: ['conversations', rootId ?? '', 'children', 'name'],
    queryFn: async () => (await call(API.conversations.children, { params: { id: rootId! }, query: { projection: 'name' } })).list,
    enabled: Boolean(rootId),
    staleTime: 60_000,
  });
  const channels = children.data ?? [];
  if (channels.length < 2) return null;
  return (
    <NativeSelect
      size="xs"
      label={t('controls.channel')}
      value={conversationId}
      data={[
        // The parent itself while it is open, so the select shows where the user is.
        ...(channels.some((c) => c._id === conversationId) ? [] : [{ value: conversationId, label: media.data?.name ?? '' }]),
        ...channels.map((channel, index) => ({ value: channel._id, label: channel.name || t('controls.channelNumber', { number: index + 1 }) })),
      ]}
      onChange={(event) => {
        const id = event.currentTarget.value;
        if (id !== conversationId) void navigate(paths.conversationTranscription(id));
      }}
    />
  );
}
