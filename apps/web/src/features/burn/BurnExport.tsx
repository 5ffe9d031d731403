/**
 * The burned-in video of a subtitle version (docs/burn.md), for video media only: start a burn, follow
 * it (socket notices move the bar at once; the status endpoint is the truth and the fallback), download
 * the finished MP4, read why a burn failed and try again. The read right on the media suffices.
 */
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { BurnStatus, ConversationUpdate } from '@palabre/shared';
import { IconAlertTriangle, IconDownload, IconMovie, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { useFormatDate } from '../../components/format.ts';
import { useConversationUpdates } from '../realtime/useConversationUpdates.ts';
import { burnedVideoUrl, burnKeys, useBurnMedia, useBurnStatus, useStartBurn } from './api.ts';
import { applyBurnUpdate, burnView } from './state.ts';
import classes from './Burn.module.css';

export interface BurnExportProps {
  conversationId: string;
  subtitleId: string;
}

export function BurnExport({ conversationId, subtitleId }: BurnExportProps) {
  const { t } = useTranslation('burn');
  const titleId = useId();
  const progressId = useId();
  const client = useQueryClient();
  const formatDate = useFormatDate();
  const apiErrors = useApiErrors();
  const media = useBurnMedia(conversationId);
  const hasVideo = media.data?.media.video === true;
  const status = useBurnStatus(conversationId, subtitleId, hasVideo);
  const start = useStartBurn(conversationId, subtitleId);

  const onUpdate = useCallback(
    (update: ConversationUpdate) => {
      if (update.conversationId !== conversationId) return;
      client.setQueryData(burnKeys.status(conversationId, subtitleId), (current: BurnStatus | undefined) => applyBurnUpdate(current, update, subtitleId));
    },
    [client, conversationId, subtitleId],
  );
  // Watched before the media has a video too: a video rendition made after the transcript arrives
  // as an `updated` notice, which refreshes the media (and shows this panel).
  useConversationUpdates(media.data?.organizationId, onUpdate);

  if (!hasVideo) return null;
  const view = burnView(status.data);
  const startButton = (label: string, icon: ReactNode) => (
    <Button leftSection={icon} onClick={() => start.mutate()} loading={start.isPending} variant={view.kind === 'idle' ? 'filled' : 'default'}>
      {label}
    </Button>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="burn-export">
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>

        {view.kind === 'working' && (
          <Stack gap={4}>
            <Text size="sm" id={progressId} role="status" aria-live="polite">
              {view.state === 'queued' ? t('state.queued') : t('state.running', { percent: view.percent })}
            </Text>
            {/* The section is the progressbar: it carries the name (the root would not pass it on). */}
            <Progress.Root className={classes.progress}>
              <Progress.Section value={view.percent} animated aria-labelledby={progressId} />
            </Progress.Root>
          </Stack>
        )}

        {view.kind === 'done' && (
          <Stack gap="xs">
            <Text size="sm" role="status" aria-live="polite">
              {view.finishedAt ? t('state.doneOn', { date: formatDate(view.finishedAt) }) : t('state.done')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('laterEdits')}
            </Text>
            <Group gap="sm">
              <Anchor href={burnedVideoUrl(conversationId, subtitleId)} download className={classes.download}>
                <Group gap={6} wrap="nowrap" component="span">
                  <IconDownload size={16} aria-hidden />
                  {t('download')}
                </Group>
              </Anchor>
              {startButton(t('again'), <IconRefresh size={16} aria-hidden />)}
            </Group>
          </Stack>
        )}

        {view.kind === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('state.failed')} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t(view.errorKey)}</Text>
              {startButton(t('retry'), <IconRefresh size={16} aria-hidden />)}
            </Stack>
          </Alert>
        )}

        {view.kind === 'idle' && <Group>{startButton(t('start'), <IconMovie size={16} aria-hidden />)}</Group>}

        {start.isError && (
          <Text size="sm" c="red" role="alert">
            {apiErrors.message(start.error)}
          </Text>
        )}
        {status.isError && (
          <Text size="sm" c="red" role="alert">
            {t('errors.status')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
