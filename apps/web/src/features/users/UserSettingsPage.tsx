/** /interface/user/settings: profile, picture, password, preferences and platform roles (docs/PRODUCT.md, Screens and routes). */
import { Alert, Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { PictureSection } from './PictureSection.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { RolesSection } from './RolesSection.tsx';

export function UserSettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const me = useMe();

  if (me.isPending) {
    return <CenteredLoader />;
  }
  if (!me.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={t('settings:loadError')}>
          {me.error?.message}
        </Alert>
      </Container>
    );
  }
  const user = me.data;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('settings:title')}</Title>
        <ProfileSection user={user} />
        <PictureSection user={user} />
        <PreferencesSection user={user} />
        <PasswordSection />
        <RolesSection user={user} />
      </Stack>
    </Container>
  );
}
