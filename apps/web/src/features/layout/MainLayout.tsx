/**
 * Layout of the main area (/interface/*): header, side navigation, breadcrumbs and the page.
 * Signed-in users without an organization get the no-organization screen on pages that need one;
 * visitors on public pages (session detail, quick session, not-found) get a bare header.
 */
import { AppShell, Box, Container, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isAuthenticated } from '../../api/cookies.ts';
import { useMe, useMyOrganizations } from '../../api/queries.ts';
import { LoadingView } from '../../components/LoadingView.tsx';
import { GlobalErrorPage } from '../../components/GlobalErrorPage.tsx';
import { useRouteHandle } from '../../routes/handle.ts';
import { OrganizationScopeProvider } from '../../app/OrganizationScope.tsx';
import { AppHeader } from './AppHeader.tsx';
import { NoOrganization } from './NoOrganization.tsx';
import { PageBreadcrumbs } from './PageBreadcrumbs.tsx';
import { SideNavigation } from './SideNavigation.tsx';
import { useLogout } from './useLogout.ts';
import { UnverifiedEmailBanner } from '../users/UnverifiedEmailBanner.tsx';
import type { User } from '@palabre/shared';
import type { ReactNode } from 'react';

const HEADER_HEIGHT = 60;

function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <Box
      component="a"
      href="#main-content"
      pos="absolute"
      left={-10000}
      style={{ zIndex: 1000 }}
      onFocus={(e) => (e.currentTarget.style.left = '8px')}
      onBlur={(e) => (e.currentTarget.style.left = '-10000px')}
    >
      {t('skipToContent')}
    </Box>
  );
}

/** Header only, no navigation: visitors. */
function BareShell({ user, children }: { user: User | null; children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <SkipLink />
      <AppShell.Header component="header">
        <AppHeader user={user} />
      </AppShell.Header>
      <AppShell.Main id="main-content" component="main">
        <Container size="lg">{children}</Container>
      </AppShell.Main>
    </AppShell>
  );
}

function SignedInLayout() {
  const me = useMe();
  const organizations = useMyOrganizations();
  const logout = useLogout();
  const { noOrganizationNeeded } = useRouteHandle();
  const [opened, { toggle, close }] = useDisclosure(false);

  // Loading the user failed: the user is logged out (docs/PRODUCT.md, States).
  useEffect(() => {
    if (me.isError) void logout({ callServer: false });
  }, [me.isError, logout]);

  if (me.isPending || me.isError || organizations.isPending) return <LoadingView fullScreen />;
  if (organizations.isError) return <GlobalErrorPage />;
  const user = me.data;

  // Without an organization, the user still reaches what others shared with them (shared list,
  // favorites, the media pages); only screens that need an organization show the no-organization view.
  const withOrganization = organizations.data.length > 0;
  const content = withOrganization || noOrganizationNeeded ? <Outlet /> : <NoOrganization user={user} />;

  return (
    <OrganizationScopeProvider organizations={organizations.data}>
      <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <SkipLink />
        <AppShell.Header component="header">
          <AppHeader user={user} withOrganization={withOrganization} navigation={{ opened, toggle }} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <SideNavigation onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" component="main">
          <Stack gap="md">
            {(withOrganization || noOrganizationNeeded) && <PageBreadcrumbs />}
            <UnverifiedEmailBanner user={user} />
            {content}
          </Stack>
        </AppShell.Main>
      </AppShell>
    </OrganizationScopeProvider>
  );
}

export function MainLayout() {
  // The guard only lets visitors reach public pages here.
  if (!isAuthenticated()) {
    return (
      <BareShell user={null}>
        <Outlet />
      </BareShell>
    );
  }
  return <SignedInLayout />;
}
