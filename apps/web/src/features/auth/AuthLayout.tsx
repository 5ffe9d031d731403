/** Frame of the sign-in screens: app name, a card for the form, language and theme switches. */
import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppName } from '../layout/AppHeader.tsx';
import { PreferencesMenu } from '../layout/PreferencesMenuItems.tsx';

export function AuthLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)">
      <Group component="header" justify="space-between" px="lg" py="sm">
        <AppName />
        <PreferencesMenu />
      </Group>
      <Center component="main" px="md" pb="xl" pt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
          <Stack gap="md">
            <Outlet />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
