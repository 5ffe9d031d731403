/** User menu: profile settings, backoffice (system administrators), language, theme, logout. */
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { isSystemAdministratorOrHigher, type User } from '@palabre/shared';
import { IconLogout, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { PreferencesMenuItems } from './PreferencesMenuItems.tsx';
import { useLogout } from './useLogout.ts';

export function userInitials(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.trim();
  return (initials || user.email.charAt(0)).toUpperCase();
}

export function userPictureUrl(user: Pick<User, '_id' | 'picture' | 'last_update'>): string | null {
  return user.picture ? `/cm-api/api/users/${user._id}/picture?v=${encodeURIComponent(user.last_update)}` : null;
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  const fullName = `${user.firstname} ${user.lastname}`.trim() || user.email;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open', { name: fullName })} style={{ borderRadius: '50%' }}>
          <Avatar src={userPictureUrl(user)} alt="" radius="xl" color="primary">
            {userInitials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label title={fullName} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {fullName}
        </Menu.Label>
        <Menu.Item component={Link} to={paths.userSettings} leftSection={<IconSettings size={16} aria-hidden />}>
          {t('userMenu.profileSettings')}
        </Menu.Item>
        {isSystemAdministratorOrHigher(user.role) && (
          <Menu.Item component={Link} to={paths.backoffice} leftSection={<IconShieldLock size={16} aria-hidden />}>
            {t('userMenu.backoffice')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <PreferencesMenuItems />
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
