/** Every shortcut of the screen editor (shortcuts.ts) and how editing works. */
import { Drawer, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShortcutKeys } from '../../editor/ShortcutKeys.tsx';
import { SUBTITLE_SHORTCUTS } from './shortcuts.ts';

const HOW_IT_WORKS = ['lines', 'warnings', 'timing', 'together', 'undo'] as const;

export function HelpDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation(['subtitles', 'common']);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('help.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="md">
        <Stack gap="xs" component="section" aria-labelledby="subtitle-help-shortcuts">
          <Title order={3} size="h5" id="subtitle-help-shortcuts">
            {t('help.shortcuts')}
          </Title>
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" data-testid="subtitle-shortcuts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('help.keys')}</Table.Th>
                <Table.Th>{t('help.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SUBTITLE_SHORTCUTS.map((shortcut) => (
                <Table.Tr key={shortcut.id} data-shortcut={shortcut.id}>
                  <Table.Td>
                    <ShortcutKeys combos={shortcut.keys} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(shortcut.label)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`help.where.${shortcut.where}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="subtitle-help-editing">
          <Title order={3} size="h5" id="subtitle-help-editing">
            {t('help.howItWorks')}
          </Title>
          <List size="sm" spacing={4}>
            {HOW_IT_WORKS.map((key) => (
              <List.Item key={key}>{t(`help.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
      </Stack>
    </Drawer>
  );
}
