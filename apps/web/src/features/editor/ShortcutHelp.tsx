/**
 * A help listing: a table of keyboard shortcuts (keys, action, and a note on where each works) and the
 * "how it works" notes of an editor. Used by the transcript editor's help panel and the screen editor's
 * help drawer; all texts come from `namespace` (keys `help.*` and each shortcut's `label`).
 */
import { List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShortcutKeys } from './ShortcutKeys.tsx';

export interface ListedShortcut {
  id: string;
  keys: string[];
  label: string;
}

interface ShortcutHelpProps<S extends ListedShortcut> {
  /** Prefix of the ids and the table's test id ("editor" → "editor-shortcuts", "editor-help-shortcuts"). */
  scope: string;
  namespace: string;
  shortcuts: readonly S[];
  /** The key (in `namespace`) of the note under a shortcut's action, or null for none. */
  noteOf(shortcut: S): string | null;
  /** The `help.*` keys of the "how it works" notes, in order. */
  howItWorks: readonly string[];
}

export function ShortcutHelp<S extends ListedShortcut>({ scope, namespace, shortcuts, noteOf, howItWorks }: ShortcutHelpProps<S>) {
  const { t } = useTranslation(namespace);
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-labelledby={`${scope}-help-shortcuts`}>
        <Title order={3} size="h5" id={`${scope}-help-shortcuts`}>
          {t('help.shortcuts')}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" data-testid={`${scope}-shortcuts`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('help.keys')}</Table.Th>
              <Table.Th>{t('help.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shortcuts.map((shortcut) => {
              const note = noteOf(shortcut);
              return (
                <Table.Tr key={shortcut.id} data-shortcut={shortcut.id}>
                  <Table.Td>
                    <ShortcutKeys combos={shortcut.keys} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(shortcut.label)}</Text>
                    {note !== null && (
                      <Text size="xs" c="dimmed">
                        {t(note)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={`${scope}-help-editing`}>
        <Title order={3} size="h5" id={`${scope}-help-editing`}>
          {t('help.howItWorks')}
        </Title>
        <List size="sm" spacing={4}>
          {howItWorks.map((key) => (
            <List.Item key={key}>{t(`help.${key}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
