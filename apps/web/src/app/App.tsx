import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useEffect } from 'react';
import { usePublicConfig } from '../api/queries.ts';
import { router } from '../routes/router.tsx';
import { buildTheme, COLOR_SCHEME_KEY } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

function ThemedApp() {
  const config = usePublicConfig();
  useEffect(() => {
    if (config.data) document.title = config.data.appName;
  }, [config.data]);
  return (
    <MantineProvider theme={buildTheme(config.data?.theme)} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
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
