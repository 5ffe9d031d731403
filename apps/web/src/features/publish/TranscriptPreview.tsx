/**
 * The transcript as the export holds it: the metadata asked for, then each kept turn with its speaker
 * and start time as the flags say. The turns are headed like the documents, so a screen reader can
 * move from turn to turn.
 */
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { TranscriptExport } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { exportClock, type ExportChoices } from './choices.ts';
import classes from './Publish.module.css';

interface Props {
  transcript: TranscriptExport;
  metadata: ExportChoices['metadata'];
}

export function TranscriptPreview({ transcript, metadata }: Props) {
  const { t } = useTranslation('publish');
  const lang = transcript.language && transcript.language !== 'auto' ? transcript.language : undefined;
  return (
    <Stack gap="md">
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {transcript.title}
      </Title>
      {transcript.description !== undefined && (
        <Box>
          <Text size="sm" fw={600}>
            {t('preview.description')}
          </Text>
          <Text size="sm">{transcript.description || t('preview.none')}</Text>
        </Box>
      )}
      {transcript.tags !== undefined && <Chips label={t('preview.tags')} values={transcript.tags} empty={t('preview.none')} />}
      {transcript.keywords !== undefined && <Chips label={t('preview.keywords')} values={transcript.keywords} empty={t('preview.none')} />}
      {transcript.turns.length === 0 ? (
        <Text c="dimmed">{t('preview.empty')}</Text>
      ) : (
        <Box className={classes.transcript} lang={lang} data-testid="verbatim-text" tabIndex={0} role="region" aria-label={t('preview.textLabel')}>
          {transcript.turns.map((turn) => (
            <Box component="article" key={turn.id} className={classes.turn}>
              {(metadata.speakers || metadata.timestamp) && (
                <Text component="h4" size="sm" fw={600} m={0}>
                  {metadata.speakers && turn.speaker}
                  {metadata.speakers && metadata.timestamp && ' · '}
                  {metadata.timestamp && (
                    <Text component="span" size="sm" c="dimmed" fw={400}>
                      {exportClock(turn.start)}
                    </Text>
                  )}
                </Text>
              )}
              <p className={classes.turnText}>{turn.text}</p>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function Chips({ label, values, empty }: { label: string; values: string[]; empty: string }) {
  return (
    <Box>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {values.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Group gap={6} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {values.map((value) => (
            <Badge component="li" key={value} variant="light" color="gray" tt="none">
              {value}
            </Badge>
          ))}
        </Group>
      )}
    </Box>
  );
}
