import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setSessionLostHandler } from '../api/client.ts';
import { usePublicConfig } from '../api/queries.ts';
import { paths } from '../routes/paths.ts';
import { router } from '../routes/router.tsx';
import { queryClient } from './queryClient.ts';
import { buildTheme, COLOR_SCHEME_KEY, cssVariablesResolver } from './theme.ts';

// The session could not be restored (refresh failed): sign in again, then come back here.
setSessionLostHandler(() => {
  queryClient.clear();
  const here = location.pathname + location.search;
  const next = here.startsWith('/interface') || here.startsWith('/backoffice') ? `?${new URLSearchParams({ next: here })}` : '';
  void router.navigate(`${paths.login}${next}`, { replace: true });
});
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

function ThemedApp() {
  const config = usePublicConfig();
  const { t } = useTranslation();
  const closeLabel = t('actions.close');
  const theme = useMemo(() => buildTheme(config.data?.theme, closeLabel), [config.data?.theme, closeLabel]);
  useEffect(() => {
    if (config.data) document.title = config.data.appName;
  }, [config.data]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}

export { queryClient };
