/** The overview's tools: links to the transcript editor, subtitles and publishing, as the caller's right allows (tools.ts). */
import { NavLink, Paper, Stack, Title } from '@mantine/core';
import { IconBadgeCc, IconFileExport, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toolsFor, type MediaTool } from './tools.ts';

const ICONS: Record<MediaTool, typeof IconPencil> = { transcription: IconPencil, subtitles: IconBadgeCc, publish: IconFileExport };

export function ToolsSection({ conversationId, right }: { conversationId: string; right: number | null | undefined }) {
  const { t } = useTranslation('conversations');
  const tools = toolsFor(right);
  if (tools.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tools-heading">
      <Title order={2} size="h4" id="tools-heading" mb="xs">
        {t('tools.title')}
      </Title>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {tools.map(({ tool, path }) => {
          const Icon = ICONS[tool];
          return (
            <li key={tool}>
              <NavLink
                component={Link}
                to={path(conversationId)}
                label={t(`tools.${tool}.title`)}
                description={t(`tools.${tool}.summary`)}
                leftSection={<Icon size={20} aria-hidden />}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
