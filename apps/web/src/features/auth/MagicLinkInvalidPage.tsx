/** /magiclink-auth-invalid: the link expired or is invalid; a new one can be requested by email. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { requestMagicLink } from './api.ts';
import { EmailLinkRequestForm } from './EmailLinkRequestForm.tsx';

export function MagicLinkInvalidPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('magicLinkInvalid.title')}
      </Title>
      <Text>{t('magicLinkInvalid.message')}</Text>
      <EmailLinkRequestForm request={requestMagicLink} submitLabel={t('magicLinkInvalid.submit')} sentMessage={t('magicLink.sent')} failedMessage={t('magicLink.failed')} />
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
