/**
 * Language (EN/FR) and theme (light/dark, kept in local storage) switches, for the menus; on their own
 * behind a preferences button where there is no user menu.
 */
import { ActionIcon, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { LOCALES, type Locale } from '@palabre/shared';
import { IconAdjustments, IconCheck, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAuthenticated } from '../../api/cookies.ts';
import { queryKeys } from '../../api/queries.ts';
import { queryClient } from '../../app/queryClient.ts';
import { currentLocale } from '../../i18n/index.ts';
import { rememberLocale } from '../../i18n/useAccountLocale.ts';
import { updateSelf } from '../users/api.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { 'en-US': 'English', 'fr-FR': 'Français' };

export function changeLanguage(locale: Locale) {
  rememberLocale(locale);
  // Remembered on the account too, so mails and other devices use it; the local preference is enough if this fails.
  if (isAuthenticated()) {
    void updateSelf({ locale })
      .then((user) => queryClient.setQueryData(queryKeys.me, user))
      .catch(() => undefined);
  }
}

export function PreferencesMenuItems() {
  const { t } = useTranslation('layout');
  const { toggleColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const locale = currentLocale();
  return (
    <>
      <Menu.Label>{t('userMenu.language')}</Menu.Label>
      {LOCALES.map((l) => (
        <Menu.Item
          key={l}
          lang={l}
          leftSection={l === locale ? <IconCheck size={16} aria-hidden /> : <IconLanguage size={16} aria-hidden />}
          onClick={() => changeLanguage(l)}
          aria-current={l === locale ? 'true' : undefined}
        >
          {LANGUAGE_NAMES[l]}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item leftSection={scheme === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />} onClick={toggleColorScheme}>
        {scheme === 'dark' ? t('userMenu.lightTheme') : t('userMenu.darkTheme')}
      </Menu.Item>
    </>
  );
}

/** The switches alone, behind a preferences button (screens without the user menu). */
export function PreferencesMenu() {
  const { t } = useTranslation('layout');
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('userMenu.preferences')}>
          <IconAdjustments size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <PreferencesMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
