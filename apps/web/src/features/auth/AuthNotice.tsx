/** A sign-in screen that can only explain something (sign-up closed, single sign-on failed) and lead back to sign-in. */
import { Alert, Anchor, Stack, Title, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';

interface AuthNoticeProps {
  title: string;
  children: ReactNode;
  color: AlertProps['color'];
  /** `alert` for a failure, `status` for information. */
  role: 'alert' | 'status';
}

export function AuthNotice({ title, children, color, role }: AuthNoticeProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color={color} role={role}>
        {children}
      </Alert>
      <Anchor component={Link} to={paths.login}>
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
