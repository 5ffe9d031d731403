/** Whether an engine can run here: "Available", or "Unavailable" with the server's reason (tooltip, and text when `showReason`). */
import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AvailabilityBadge({ availability, showReason = false }: { availability: { ok: boolean; reason?: string | undefined }; showReason?: boolean }) {
  const { t } = useTranslation('common');
  const { ok, reason } = availability;
  const badge = (
    <Badge color={ok ? 'teal' : 'orange'} variant="light">
      {ok ? t('availability.available') : t('availability.unavailable')}
    </Badge>
  );
  return (
    <Stack gap={2} align="flex-start">
      {reason ? (
        <Tooltip label={reason} multiline w={320} withArrow>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {showReason && reason && (
        <Text size="xs" c="dimmed" maw={360}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}
