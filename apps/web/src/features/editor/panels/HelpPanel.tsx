/** Every shortcut of the editor and its player, and how editing works. */
import { List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_SHORTCUTS } from '../editorShortcuts.ts';
import { ShortcutKeys } from '../ShortcutKeys.tsx';

/** Keys of the panels themselves: they work in a panel, neither in nor outside the text. */
const PANEL_KEYS = new Set(['closePanel']);

const HOW_IT_WORKS = ['typing', 'newWords', 'confidence', 'together', 'undo', 'history'] as const;

export function HelpPanel() {
  const { t } = useTranslation('editorPanels');
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-labelledby="editor-help-shortcuts">
        <Title order={3} size="h5" id="editor-help-shortcuts">
          {t('help.shortcuts')}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" data-testid="editor-shortcuts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('help.keys')}</Table.Th>
              <Table.Th>{t('help.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {EDITOR_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.id} data-shortcut={shortcut.id}>
                <Table.Td>
                  <ShortcutKeys combos={shortcut.keys} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(shortcut.label)}</Text>
                  {!shortcut.whileTyping && !PANEL_KEYS.has(shortcut.id) && (
                    <Text size="xs" c="dimmed">
                      {t('help.outsideText')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="editor-help-editing">
        <Title order={3} size="h5" id="editor-help-editing">
          {t('help.howItWorks')}
        </Title>
        <List size="sm" spacing={4}>
          {HOW_IT_WORKS.map((key) => (
            <List.Item key={key}>{t(`help.${key}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
