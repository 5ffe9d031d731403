/** Frame of the sign-in screens: app name, a card for the form, language and theme switches. */
import { ActionIcon, Box, Center, Group, Menu, Paper, Stack } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppName } from '../layout/AppHeader.tsx';
import { PreferencesMenuItems } from '../layout/PreferencesMenuItems.tsx';

export function AuthLayout() {
  const { t } = useTranslation('layout');
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)">
      <Group component="header" justify="space-between" px="lg" py="sm">
        <AppName />
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
