/** Side navigation of the main area. */
import { NavLink, Stack } from '@mantine/core';
import { IconBuilding, IconBroadcast, IconCloudUpload, IconFolders, IconShare, IconStar, IconTags, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { usePublicConfig } from '../../api/queries.ts';
import { useSmallScreen } from '../../components/useSmallScreen.ts';
import { paths } from '../../routes/paths.ts';
import { useUploadAllowed } from '../conversations/UploadRight.tsx';
import { useSessionCreateAllowed } from '../sessions/access.ts';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';

interface Entry {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  description?: string;
  /** A page not made for phones (not flagged responsive): left out of a phone's menu. */
  desktopOnly?: boolean;
}

export function SideNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const config = usePublicConfig();
  const { current } = useOrganizationScope();
  const uploadAllowed = useUploadAllowed();
  const sessionsOn = config.data?.features.sessionsEnabled !== false;
  const quickMeetingAllowed = useSessionCreateAllowed();
  const small = useSmallScreen();
  // Without an organization only the personal lists lead somewhere; "explore" shows the
  // no-organization screen, where an organization can be created.
  const entries: Entry[] = [
    { to: paths.explore, label: t('nav.explore'), icon: IconFolders },
    { to: paths.favorites, label: t('nav.favorites'), icon: IconStar },
    { to: paths.shared, label: t('nav.shared'), icon: IconShare },
    ...(current
      ? [
          ...(sessionsOn ? [{ to: paths.sessionsList, label: t('nav.sessions'), icon: IconBroadcast }] : []),
          ...(sessionsOn && quickMeetingAllowed ? [{ to: paths.quickSession(current._id), label: t('nav.quickMeeting'), icon: IconUsersGroup }] : []),
          { to: paths.conversationCreate, label: t('nav.upload'), icon: IconCloudUpload, ...(uploadAllowed ? {} : { description: t('nav.noRights') }) },
          { to: paths.tagsSettings, label: t('nav.tags'), icon: IconTags, desktopOnly: true },
          { to: paths.organizationSettings(current._id), label: t('nav.organizationSettings'), icon: IconBuilding, desktopOnly: true },
        ]
      : []),
  ].filter((entry) => !(small && entry.desktopOnly));
  return (
    <nav aria-label={t('nav.label')}>
      <Stack gap={2}>
        {entries.map(({ to, label, icon: Icon, description }) => (
          <NavLink
            key={to}
            component={RouterNavLink}
            to={to}
            label={label}
            description={description}
            // Labels wrap rather than overflow the navigation, however long a translation is.
            styles={{ label: { overflowWrap: 'anywhere' }, body: { minWidth: 0 } }}
            leftSection={<Icon size={18} aria-hidden />}
            active={pathname === to || pathname.startsWith(`${to}/`)}
            onClick={onNavigate}
          />
        ))}
      </Stack>
    </nav>
  );
}
