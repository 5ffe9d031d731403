/** Every shortcut of the editor, its panels and its player, and how editing works. */
import { List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_SHORTCUTS, type EditorShortcut } from '../editorShortcuts.ts';
import { PANEL_SHORTCUTS } from './keys.ts';
import { ShortcutKeys } from './ShortcutKeys.tsx';

const HOW_IT_WORKS = ['typing', 'newWords', 'confidence', 'together', 'undo', 'history'] as const;

/** The editor's list, then the panels' (each labelled in its own namespace). */
const ROWS: { shortcut: EditorShortcut; label: string }[] = [
  ...EDITOR_SHORTCUTS.map((shortcut) => ({ shortcut, label: `editor:shortcuts.${shortcut.id}` })),
  ...PANEL_SHORTCUTS.map((shortcut) => ({ shortcut, label: `editorPanels:shortcuts.${shortcut.id}` })),
];

export function HelpPanel() {
  const { t } = useTranslation(['editorPanels', 'editor']);
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
            {ROWS.map(({ shortcut, label }) => (
              <Table.Tr key={label} data-shortcut={shortcut.id}>
                <Table.Td>
                  <ShortcutKeys combos={shortcut.keys} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(label)}</Text>
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
