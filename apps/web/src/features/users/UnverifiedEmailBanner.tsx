/** Tells a user whose address is not verified what that means, and lets them ask for a new link. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { resendVerification } from './api.ts';

export function UnverifiedEmailBanner({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => notifySuccess(t('verification.sent', { email: user.email })),
    onError: (error) => {
      // Verified meanwhile (in another tab): the banner goes away.
      if (error instanceof ApiError && error.code === 'conflict') void client.invalidateQueries({ queryKey: queryKeys.me });
      else notifyError(error, t('verification.sendFailed'));
    },
  });
  if (user.emailVerified) return null;
  return (
    <Alert color="yellow" title={t('verification.bannerTitle')} role="status" data-testid="unverified-email-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('verification.bannerText', { email: user.email })}</Text>
        <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('verification.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
