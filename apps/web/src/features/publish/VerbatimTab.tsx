/**
 * The verbatim tab: the export's choices beside the transcript as it will be exported, the download
 * menu of every format and the PDF preview. The text follows the choices as they change (the keywords
 * once typing pauses); the PDF preview is made when asked.
 */
import { Alert, Button, Grid, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { useExportPreview, type PublishMedia } from './api.ts';
import { DEFAULT_CHOICES, exportRequest, isFiltered, type ExportChoices } from './choices.ts';
import { DownloadMenu } from './DownloadMenu.tsx';
import { useKeywords } from '../keywords/api.ts';
import { ExportOptions } from './ExportOptions.tsx';
import { PdfPreview } from './PdfPreview.tsx';
import { TranscriptPreview } from './TranscriptPreview.tsx';

type View = 'text' | 'pdf';

export function VerbatimTab({ media }: { media: PublishMedia }) {
  const { t } = useTranslation('publish');
  const errors = useApiErrors();
  const [choices, setChoices] = useState<ExportChoices>(DEFAULT_CHOICES);
  const [view, setView] = useState<View>('text');
  // Typing in the title or keywords asks again only once it pauses.
  const [settled] = useDebouncedValue(choices, 400);
  const request = useMemo(() => exportRequest(settled, media.name), [settled, media.name]);
  const ready = media.status === 'done';
  const preview = useExportPreview(media._id, request, ready);
  const title = settled.title.trim() || media.name;
  const keywords = useKeywords(media._id);

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="export-options-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="export-options-title">
              {t('options.heading')}
            </Title>
            <ExportOptions choices={choices} onChange={setChoices} mediaName={media.name} speakers={media.speakers ?? []} mediaKeywords={keywords.data?.keywords ?? []} />
            <DownloadMenu conversationId={media._id} request={request} title={title} disabled={!ready} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="export-preview-title">
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Title order={2} size="h4" id="export-preview-title">
                {t('preview.heading')}
              </Title>
              <SegmentedControl
                value={view}
                onChange={(value) => setView(value as View)}
                data={[
                  { value: 'text', label: t('preview.text') },
                  { value: 'pdf', label: t('preview.pdf') },
                ]}
                aria-label={t('preview.view')}
              />
            </Group>
            {!ready ? (
              <Alert variant="light" color="blue" icon={<IconHourglass aria-hidden />}>
                {t('preview.notReady')}
              </Alert>
            ) : (
              <>
                {/* The PDF stays loaded while the text is shown, so coming back to it costs nothing. */}
                <div hidden={view !== 'pdf'}>
                  <PdfPreview conversationId={media._id} request={request} />
                </div>
                {view === 'text' && textView()}
              </>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );

  function textView() {
    if (preview.isPending) return <Loader size="sm" aria-label={t('preview.loading')} />;
    if (preview.isError && !preview.data) {
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('preview.failed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errors.message(preview.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void preview.refetch()}>
              {t('preview.retry')}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!preview.data) return null;
    const count = preview.data.turns.length;
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {preview.isFetching ? t('preview.updating') : isFiltered(settled) ? t('preview.filteredCount', { count }) : t('preview.count', { count })}
        </Text>
        <TranscriptPreview transcript={preview.data} metadata={settled.metadata} />
      </Stack>
    );
  }
}
