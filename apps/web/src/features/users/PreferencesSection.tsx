/** Private profile, interface language and email notification preferences (PUT /users/self). */
import { Divider, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { EMAIL_NOTIFICATION_KEYS, LOCALES, type EmailNotificationKey, type Locale, type User } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { rememberLocale } from '../../i18n/useAccountLocale.ts';
import { notifyError } from '../../components/notify.ts';
import { useUpdateSelf } from './useUpdateSelf.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'fr-FR': 'Français' };

export function PreferencesSection({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSelf();
  const onError = (err: unknown) => notifyError(err, t('settings:profile.updateError'));

  const changeLanguage = (value: string | null) => {
    if (!value || !(LOCALES as readonly string[]).includes(value)) return;
    const locale = value as Locale;
    rememberLocale(locale);
    update.mutate({ locale }, { onError });
  };
  const toggleNotification = (key: EmailNotificationKey, checked: boolean) => update.mutate({ emailNotifications: { [key]: checked } }, { onError });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="preferences-title">
      <Stack>
        <Title order={2} size="h3" id="preferences-title">
          {t('settings:preferences.title')}
        </Title>
        <Select
          label={t('settings:preferences.language')}
          data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          // An account without a saved language shows none: its mails go out in the default language.
          value={user.locale}
          placeholder={t('settings:preferences.languageNotSaved')}
          description={user.locale ? undefined : t('settings:preferences.languageNotSavedHelp', { language: LANGUAGE_NAMES[currentLocale()] })}
          onChange={changeLanguage}
          allowDeselect={false}
          maw={320}
        />
        <Switch
          label={t('settings:preferences.private')}
          description={t('settings:preferences.privateHelp')}
          checked={user.private}
          onChange={(e) => update.mutate({ private: e.currentTarget.checked }, { onError })}
        />
        <Divider />
        <div>
          <Title order={3} size="h4">
            {t('settings:notifications.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings:notifications.explanation')}
          </Text>
        </div>
        <Text size="sm" fw={600}>
          {t('settings:notifications.media')}
        </Text>
        {EMAIL_NOTIFICATION_KEYS.slice(0, 3).map((key) => (
          <Switch key={key} label={t(`settings:notifications.${key}`)} checked={user.emailNotifications[key]} onChange={(e) => toggleNotification(key, e.currentTarget.checked)} />
        ))}
        <Text size="sm" fw={600}>
          {t('settings:notifications.organization')}
        </Text>
        {EMAIL_NOTIFICATION_KEYS.slice(3).map((key) => (
          <Switch key={key} label={t(`settings:notifications.${key}`)} checked={user.emailNotifications[key]} onChange={(e) => toggleNotification(key, e.currentTarget.checked)} />
        ))}
      </Stack>
    </Paper>
  );
}
