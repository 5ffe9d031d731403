/** The connection to the shared document, always in view: text and colour, announced when it changes. */
import { Badge, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconLoader2, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SyncState } from './session.ts';

const LOOK: Record<SyncState, { color: string; Icon: typeof IconCloudCheck }> = {
  connecting: { color: 'gray', Icon: IconLoader2 },
  connected: { color: 'green', Icon: IconCloudCheck },
  reconnecting: { color: 'orange', Icon: IconRefresh },
  offline: { color: 'red', Icon: IconCloudOff },
};

export function SyncIndicator({ sync, unsaved }: { sync: SyncState; unsaved: boolean }) {
  const { t } = useTranslation('editor');
  const { color, Icon } = LOOK[sync];
  const detail = unsaved && sync !== 'connected' ? t('sync.unsavedKept') : t(`sync.${sync}Detail`);
  return (
    <Tooltip label={detail} multiline maw={280}>
      <Badge
        color={color}
        variant="light"
        size="lg"
        leftSection={<Icon size={14} />}
        role="status"
        aria-live="polite"
        data-sync-state={sync}
        data-unsaved={unsaved}
        data-testid="sync-state"
        tabIndex={0}
      >
        {t(`sync.${sync}`)}
      </Badge>
    </Tooltip>
  );
}
