/**
 * /interface/conversations/:conversationId — the status page while the media is processed (the
 * path of the status page is the media's own), then the media overview: audio with waveform and the
 * read-only transcript first, beside them the tools, general information, channels and rights
 * (docs/PRODUCT.md, Screens and routes).
 */
import { Badge, Container, Grid, Group, List, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { freeText, hasRight, requiredText, RIGHT, TEXT_LIMITS } from '@palabre/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaStatusKey } from './statusKey.ts';
import { useParams } from 'react-router';
import { QueryFallback } from '../../components/QueryFallback.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { useConversationUpdates } from '../realtime/useConversationUpdates.ts';
import { MediaTags } from '../tags/MediaTags.tsx';
import { RightsPanel } from '../sharing/RightsPanel.tsx';
import { notifyError } from '../../components/notify.ts';
import { useFormatDate } from '../../components/format.ts';
import { useConversation, useUpdateConversation, type ConversationDetail } from './api.ts';
import { AudioPlayer } from '../player/AudioPlayer.tsx';
import { DeleteMediaButton } from './DeleteMediaButton.tsx';
import { formatTime } from './format.ts';
import { PlayerContext, PlayerController } from '../player/player.ts';
import { useStartAt } from '../player/startAt.ts';
import classes from './Overview.module.css';
import { ToolsSection } from './ToolsSection.tsx';
import { ProcessingStatus } from './ProcessingStatus.tsx';
import { TranscriptView } from './TranscriptView.tsx';
import { KeywordsSection } from '../keywords/KeywordsSection.tsx';

function InfoItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function GeneralInformation({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation('conversations');
  const formatDate = useFormatDate();
  const update = useUpdateConversation(conversation._id);
  const editable = hasRight(conversation.right, RIGHT.WRITE);
  const [errors, setErrors] = useState<{ name?: string | null; description?: string | null }>({});
  const apiErrors = useApiErrors();

  const save = (field: 'name' | 'description', input: string) => {
    const { value, error } = field === 'name' ? requiredText(input, { max: TEXT_LIMITS.mediaName }) : freeText(input, { max: TEXT_LIMITS.mediaDescription, multiline: true });
    if (error) {
      setErrors({ [field]: error });
      return;
    }
    setErrors({});
    update.mutate(
      { [field]: value },
      {
        // The server's reason goes under the field it names; anything else is a notice.
        onError: (error) => {
          const fields = apiErrors.fields(error);
          if (fields.name || fields.description) setErrors({ name: fields.name ?? null, description: fields.description ?? null });
          else notifyError(new Error(apiErrors.message(error)), t('overview.updateFailed'));
        },
      },
    );
  };
  const language = conversation.language ?? conversation.requestedLanguage;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="general-heading">
          {t('overview.general')}
        </Title>
        <FormField
          label={t('settings.name')}
          value={conversation.name}
          error={errors.name ?? null}
          options={{ withConfirmation: true, readonly: !editable, inputFullWidth: true }}
          onConfirm={(value) => save('name', value)}
          onCancel={() => setErrors({})}
        />
        <FormField
          label={t('settings.description')}
          value={conversation.description}
          error={errors.description ?? null}
          options={{ withConfirmation: true, readonly: !editable, textarea: true, inputFullWidth: true }}
          onConfirm={(value) => save('description', value)}
          onCancel={() => setErrors({})}
        />
        <MediaTags conversation={conversation} />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 2 }} component="dl" m={0}>
          <InfoItem label={t('overview.duration')}>{formatTime(conversation.duration)}</InfoItem>
          <InfoItem label={t('overview.language')}>{t(`languages.${language}`, { defaultValue: language })}</InfoItem>
          <InfoItem label={t('overview.status')}>
            <Badge variant="light" color="green" data-testid="media-status">
              {t(mediaStatusKey(conversation.status))}
            </Badge>
          </InfoItem>
          <InfoItem label={t('overview.created')}>{formatDate(conversation.created)}</InfoItem>
          <InfoItem label={t('overview.updated')}>{formatDate(conversation.last_update)}</InfoItem>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Overview({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation('conversations');
  const player = useMemo(() => new PlayerController(conversation.duration ?? 0), [conversation._id, conversation.duration]);
  const canDelete = hasRight(conversation.right, RIGHT.DELETE);
  // ?t=<seconds> (a search match in the transcript): the player starts there once the audio is ready.
  useStartAt(player);

  // The player and the start of the transcript come first, in the wide column; what describes the
  // media and who may use it go beside them (below them on a narrow screen).
  return (
    <PlayerContext.Provider value={player}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {conversation.name}
          </Title>
          <FavoriteButton conversationId={conversation._id} favorite={Boolean(conversation.favorite)} size="lg" />
        </Group>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <section aria-labelledby="audio-heading" className={classes.player}>
                <VisuallyHidden>
                  <h2 id="audio-heading">{t('overview.audio')}</h2>
                </VisuallyHidden>
                <AudioPlayer conversationId={conversation._id} hasPeaks={conversation.media.peaks} hasAudio={conversation.media.mimeType !== null} />
              </section>
              <section aria-labelledby="transcript-heading">
                <Title order={2} size="h4" id="transcript-heading" mb="xs">
                  {t('transcript.title')}
                </Title>
                <TranscriptView speakers={conversation.speakers ?? []} turns={conversation.text ?? []} />
              </section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <ToolsSection conversationId={conversation._id} right={conversation.right} />
              <GeneralInformation conversation={conversation} />
              <KeywordsSection conversationId={conversation._id} organizationId={conversation.organizationId} right={conversation.right} />
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="channels-heading">
                <Title order={2} size="h4" id="channels-heading" mb="xs">
                  {t('overview.channels')}
                </Title>
                {conversation.channels.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('overview.noChannels')}
                  </Text>
                ) : (
                  <List size="sm">
                    {conversation.channels.map((channel) => (
                      <List.Item key={channel.index}>{channel.name}</List.Item>
                    ))}
                  </List>
                )}
              </Paper>
              <RightsPanel conversation={conversation} />
              {canDelete && (
                <Paper withBorder p="md" radius="md" component="section" aria-labelledby="danger-heading">
                  <Title order={2} size="h4" id="danger-heading" mb="xs">
                    {t('overview.danger')}
                  </Title>
                  <DeleteMediaButton conversationId={conversation._id} name={conversation.name} />
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </PlayerContext.Provider>
  );
}

export function ConversationPage() {
  const { conversationId } = useParams();
  useTranslation(['conversations', 'common']);
  const query = useConversation(conversationId);
  useConversationUpdates(query.data?.organizationId);

  if (!query.data) return <QueryFallback query={query} />;
  const conversation = query.data;
  return (
    <Container size="lg" py="lg" w="100%">
      {conversation.status === 'done' ? <Overview conversation={conversation} /> : <ProcessingStatus conversation={conversation} />}
    </Container>
  );
}
