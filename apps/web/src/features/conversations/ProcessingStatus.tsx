/**
 * The media status page (docs/PRODUCT.md, States): the pipeline steps with their state and progress and the overall
 * progress, refreshed by the socket (and the slow poll); on error, the product's message with the
 * processing log and Retry (possibly with another language or profile) / Delete.
 */
import { Alert, Badge, Code, Group, Loader, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PIPELINE_STEPS } from '@palabre/shared';
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconPlayerSkipForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mediaStatusKey } from './statusKey.ts';
import type { ConversationDetail } from './api.ts';
import { DeleteMediaButton } from './DeleteMediaButton.tsx';
import { RetryButton } from './RetryButton.tsx';

type StepState = 'waiting' | 'running' | 'done' | 'error' | 'skipped';

function StepIcon({ state }: { state: StepState }) {
  if (state === 'done')
    return (
      <ThemeIcon color="green" radius="xl" size="sm" aria-hidden>
        <IconCheck size={12} />
      </ThemeIcon>
    );
  if (state === 'error')
    return (
      <ThemeIcon color="red" radius="xl" size="sm" aria-hidden>
        <IconX size={12} />
      </ThemeIcon>
    );
  if (state === 'running') return <Loader size={18} aria-hidden />;
  if (state === 'skipped')
    return (
      <ThemeIcon color="gray" variant="light" radius="xl" size="sm" aria-hidden>
        <IconPlayerSkipForward size={12} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon color="gray" variant="transparent" radius="xl" size="sm" aria-hidden>
      <IconCircleDashed size={16} />
    </ThemeIcon>
  );
}

export function ProcessingStatus({ conversation }: { conversation: ConversationDetail }) {
  const { t } = useTranslation('conversations');
  const job = conversation.jobs.transcription;
  const failed = conversation.status === 'error';
  const percent = Math.round((job.progress ?? 0) * 100);
  const steps = PIPELINE_STEPS.map((name) => job.steps.find((s) => s.name === name) ?? { name, state: 'waiting' as const, progress: 0 });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{conversation.name}</Title>
        <Text c="dimmed" size="sm">
          {failed ? t('status.failedSubtitle') : t('status.subtitle')}
        </Text>
      </div>
      {failed && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('status.error')} role="alert">
          <Stack gap="sm">
            {job.log ? (
              <>
                <Text size="sm">{t('status.log')}</Text>
                <Code block style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }} data-testid="processing-log">
                  {job.log}
                </Code>
              </>
            ) : (
              <Text size="sm">{t('status.noLog')}</Text>
            )}
            <Group>
              <RetryButton conversation={conversation} />
              <DeleteMediaButton conversationId={conversation._id} name={conversation.name} variant="default" />
            </Group>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600} id="overall-progress-label">
              {t('status.overall')}
            </Text>
            <Badge variant="light" color={failed ? 'red' : 'blue'} data-testid="media-status">
              {t(mediaStatusKey(conversation.status))}
            </Badge>
          </Group>
          <Progress value={percent} aria-labelledby="overall-progress-label" aria-valuetext={`${percent} %`} color={failed ? 'red' : undefined} animated={!failed} size="lg" />
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('status.steps')}>
            {steps.map((step) => {
              const stepPercent = Math.round(step.progress * 100);
              return (
                <Group component="li" key={step.name} gap="sm" wrap="nowrap" data-step={step.name} data-state={step.state}>
                  <StepIcon state={step.state} />
                  <Text size="sm" w={180}>
                    {t(`statuses.${step.name}`)}
                  </Text>
                  <Progress
                    style={{ flex: 1 }}
                    value={step.state === 'done' ? 100 : stepPercent}
                    size="sm"
                    color={step.state === 'error' ? 'red' : step.state === 'done' ? 'green' : undefined}
                    aria-label={t(`statuses.${step.name}`)}
                  />
                  <Text size="xs" c="dimmed" w={110} ta="right">
                    {t(`stepStates.${step.state}`)}
                    {step.state === 'running' ? ` · ${stepPercent} %` : ''}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
