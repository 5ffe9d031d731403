/**
 * The versions of a media: name (opens the editor), limits, screens, creation date, and a badge when
 * the transcript changed since the version was generated. Writers select rows (to delete several)
 * and rename, copy or delete one from its menu; readers only open.
 */
import { ActionIcon, Anchor, Badge, Checkbox, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { SubtitleSettings, SubtitleVersionSummary } from '@palabre/shared';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../components/format.ts';
import { paths } from '../../routes/paths.ts';

export type VersionAction = 'rename' | 'copy' | 'delete';

interface Props {
  versions: SubtitleVersionSummary[];
  writable: boolean;
  selected: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
  onAction(action: VersionAction, version: SubtitleVersionSummary): void;
}

/** "42 characters · 2 lines · 7 s · 20 characters/s". */
export function useSettingsSummary(): (settings: SubtitleSettings) => string {
  const { t } = useTranslation('subtitles');
  return (settings) =>
    [
      t('list.chars', { count: settings.maxCharsPerLine }),
      t('list.lines', { count: settings.maxLinesPerScreen }),
      t('list.duration', { seconds: Math.round(settings.maxScreenDuration * 10) / 10 }),
      t('list.speed', { count: settings.maxCharsPerSecond }),
    ].join(' · ');
}

export function VersionsTable({ versions, writable, selected, onSelect, onAction }: Props) {
  const { t } = useTranslation('subtitles');
  const formatDate = useFormatDate();
  const summary = useSettingsSummary();
  const allSelected = versions.length > 0 && versions.every((v) => selected.has(v._id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="subtitle-versions">
        <Table.Thead>
          <Table.Tr>
            {writable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('list.selectAll')}
                  checked={allSelected}
                  indeterminate={selected.size > 0 && !allSelected}
                  onChange={() => onSelect(allSelected ? new Set() : new Set(versions.map((v) => v._id)))}
                />
              </Table.Th>
            )}
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('list.limits')}</Table.Th>
            <Table.Th>{t('list.screens')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('list.created')}</Table.Th>
            {writable && (
              <Table.Th w={48}>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((version) => (
            <Table.Tr key={version._id} data-version-id={version._id} data-version-name={version.name}>
              {writable && (
                <Table.Td>
                  <Checkbox aria-label={t('list.select', { name: version.name })} checked={selected.has(version._id)} onChange={() => toggle(version._id)} />
                </Table.Td>
              )}
              <Table.Td>
                <Anchor component={Link} to={paths.conversationSubtitle(version.conversationId, version._id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {version.name}
                </Anchor>
                {version.transcriptChanged && (
                  <Tooltip label={t('list.transcriptChangedHint')} multiline maw={280}>
                    <Badge ml="xs" size="sm" variant="light" color="orange" tabIndex={0} data-testid="transcript-changed">
                      {t('list.transcriptChanged')}
                    </Badge>
                  </Tooltip>
                )}
                {/* On a phone the limits go under the name. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {summary(version.settings)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{summary(version.settings)}</Text>
              </Table.Td>
              <Table.Td>{version.screens}</Table.Td>
              <Table.Td visibleFrom="sm">
                <time dateTime={version.createdAt}>{formatDate(version.createdAt)}</time>
              </Table.Td>
              {writable && (
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('list.actionsOf', { name: version.name })}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('rename', version)}>
                        {t('list.rename')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onAction('copy', version)}>
                        {t('list.copy')}
                      </Menu.Item>
                      <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAction('delete', version)}>
                        {t('list.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
