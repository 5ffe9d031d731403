/** One speaker of the speakers panel: its name and turn count, renamed in place. */
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeakerStat } from './docState.ts';

interface Props {
  speaker: SpeakerStat;
  canWrite: boolean;
  onRename(name: string): boolean;
}

export function SpeakerRow({ speaker, canWrite, onRename }: Props) {
  const { t } = useTranslation('editorPanels');
  const [editing, setEditing] = useState<string | null>(null);

  function save() {
    const name = editing?.trim() ?? '';
    if (!name) return;
    if (name === speaker.name || onRename(name)) setEditing(null);
  }

  if (editing !== null) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          flex={1}
          size="xs"
          label={t('speakers.newName', { name: speaker.name })}
          value={editing}
          maxLength={200}
          autoFocus
          error={editing.trim() ? undefined : t('speakers.nameRequired')}
          onChange={(event) => setEditing(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            } else if (event.key === 'Escape') {
              // Escape cancels the rename, not the whole panel.
              event.stopPropagation();
              setEditing(null);
            }
          }}
        />
        <ActionIcon variant="filled" size="lg" onClick={save} aria-label={t('speakers.saveName')}>
          <IconCheck size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" onClick={() => setEditing(null)} aria-label={t('speakers.cancelRename')}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500} truncate="end" data-speaker-name>
          {speaker.name}
        </Text>
        <Text size="xs" c="dimmed">
          {speaker.turns > 0 ? t('speakers.turns', { count: speaker.turns }) : t('speakers.unused')}
        </Text>
      </Stack>
      {canWrite && (
        <ActionIcon
          variant="subtle"
          onClick={() => setEditing(speaker.name)}
          aria-label={t('speakers.rename', { name: speaker.name })}
          title={t('speakers.rename', { name: speaker.name })}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
