/** A session's status as a badge with a coloured dot (its word in the text colour, readable on any background), in the current language. */
import { Badge } from '@mantine/core';
import type { SessionStatus } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './format.ts';

export function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('sessions');
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot">
      {t(`status.${status}`)}
    </Badge>
  );
}
