/**
 * Root of every page: the unsupported-device check (docs/PRODUCT.md, Screens and routes: a page not flagged responsive on a
 * screen whose smaller side is under 500 px), scroll restoration, a navigation progress bar, and the
 * signed-in account's language.
 */
import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DeviceNotCompatible } from '../components/DeviceNotCompatible.tsx';
import { useSmallScreen } from '../components/useSmallScreen.ts';
import { useAccountLocale } from '../i18n/useAccountLocale.ts';
import { useRouteHandle } from './handle.ts';

export function RootRoute() {
  const { responsive } = useRouteHandle();
  const small = useSmallScreen();
  const navigation = useNavigation();
  useAccountLocale();
  return (
    <>
      {navigation.state === 'loading' && <Progress value={100} animated size="xs" radius={0} pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }} aria-hidden />}
      {small && !responsive ? <DeviceNotCompatible /> : <Outlet />}
      <ScrollRestoration />
    </>
  );
}
