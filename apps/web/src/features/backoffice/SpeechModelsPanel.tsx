/**
 * The speech models panel of the backoffice: the whisper models installed on the server, and the
 * background download of the default one (state, progress, why it failed, and a way to try again).
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ModelDownload } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { useRetrySpeechModel, useSpeechModels } from './speechModelsApi.ts';

const STATE_COLORS: Record<ModelDownload['state'], string> = { downloading: 'blue', ready: 'teal', failed: 'orange' };

function DownloadState({ download }: { download: ModelDownload }) {
  const { t } = useTranslation('backoffice');
  const retry = useRetrySpeechModel();
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text fw={500}>{t('speechModels.model', { model: download.model })}</Text>
        <Badge color={STATE_COLORS[download.state]} variant="light">
          {t(`speechModels.state.${download.state}`)}
        </Badge>
        {download.state === 'downloading' && download.percent !== null && (
          <Text size="sm" c="dimmed">
            {t('speechModels.percent', { percent: download.percent })}
          </Text>
        )}
      </Group>
      {download.state === 'downloading' && (
        <Progress value={download.percent ?? 100} animated striped={download.percent === null} aria-label={t('speechModels.progress', { model: download.model })} />
      )}
      {download.state === 'ready' && (
        <Text size="sm" c="dimmed">
          {t('speechModels.readyNote')}
        </Text>
      )}
      {download.state === 'failed' && (
        <Alert color="orange" variant="light" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(`speechModels.reason.${download.reason ?? 'failed'}`)}</Text>
            <Text size="sm">{t('speechModels.failedNote')}</Text>
            <Button size="xs" variant="light" loading={retry.isPending} onClick={() => retry.mutate()}>
              {t('speechModels.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function SpeechModelsPanel() {
  const { t } = useTranslation('backoffice');
  const models = useSpeechModels();
  const data = models.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="speech-models-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="speech-models-title">
            {t('speechModels.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('speechModels.subtitle')}
          </Text>
        </div>
        {models.isError && (
          <Text size="sm" c="red">
            {t('speechModels.loadError')}
          </Text>
        )}
        {data && (
          <>
            {data.installed.length > 0 ? (
              <Text size="sm">{t('speechModels.installed', { models: data.installed.map((m) => m.model).join(', ') })}</Text>
            ) : (
              !data.download && <Text size="sm">{t('speechModels.none')}</Text>
            )}
            {data.download && <DownloadState download={data.download} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}
