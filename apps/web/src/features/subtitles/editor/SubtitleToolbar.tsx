/**
 * The screen editor's toolbar: connection state, who is here, undo / redo (writers), the problems'
 * count with the way to the next and previous one, the files, the limits and the help.
 */
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import type { DocPeer } from '@palabre/shared';
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconChevronDown, IconChevronUp, IconCircleCheck, IconHelp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { PeerAvatars } from '../../editor/PeerAvatars.tsx';
import type { SyncState } from '../../editor/session.ts';
import { SyncIndicator } from '../../editor/SyncIndicator.tsx';
import { UndoRedoButtons } from '../../editor/UndoRedoButtons.tsx';

interface Props {
  sync: SyncState;
  unsaved: boolean;
  peers: DocPeer[];
  undo: Y.UndoManager;
  writable: boolean;
  problems: number;
  onProblem(step: 1 | -1): void;
  onSettings(): void;
  onHelp(): void;
  /** The files' menu. */
  exports: ReactNode;
}

export function SubtitleToolbar({ sync, unsaved, peers, undo, writable, problems, onProblem, onSettings, onHelp, exports }: Props) {
  const { t } = useTranslation(['subtitles', 'editor']);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label={t('editor.toolbar')}>
      <Group gap="sm" wrap="wrap">
        <SyncIndicator sync={sync} unsaved={unsaved} />
        <PeerAvatars peers={peers} />
        {writable && (
          <Group gap={4} wrap="nowrap">
            <UndoRedoButtons undo={undo} />
          </Group>
        )}
        <Group gap={4} wrap="nowrap">
          <Badge
            size="lg"
            variant="light"
            color={problems > 0 ? 'orange' : 'green'}
            leftSection={problems > 0 ? <IconAlertTriangle size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />}
            role="status"
            aria-live="polite"
            data-testid="problem-count"
            data-count={problems}
          >
            {problems > 0 ? t('editor.problems', { count: problems }) : t('editor.noProblem')}
          </Badge>
          <Tooltip label={t('editor.previousProblem')}>
            <ActionIcon variant="subtle" aria-label={t('editor.previousProblem')} aria-keyshortcuts="Shift+F8" disabled={problems === 0} onClick={() => onProblem(-1)}>
              <IconChevronUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('editor.nextProblem')}>
            <ActionIcon variant="subtle" aria-label={t('editor.nextProblem')} aria-keyshortcuts="F8" disabled={problems === 0} onClick={() => onProblem(1)}>
              <IconChevronDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="xs" wrap="wrap">
        {exports}
        <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={onSettings}>
          {t('editor.settings')}
        </Button>
        <Tooltip label={t('help.title')}>
          <ActionIcon variant="default" size="lg" aria-label={t('help.title')} onClick={onHelp}>
            <IconHelp size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
