/** The list of the player's keyboard shortcuts (shortcuts.ts), behind a button next to the controls. */
import { ActionIcon, Group, Kbd, Popover, Stack, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** Key names in the keyboard's language where they differ ("space", "shift"); the others as printed on the keys. */
const ROWS: { keys: string[][]; label: string }[] = [
  { keys: [['space'], ['K']], label: 'toggle' },
  { keys: [['J']], label: 'back10' },
  { keys: [['L']], label: 'forward10' },
  {
    keys: [
      ['shift', '←'],
      ['shift', '→'],
    ],
    label: 'jump3',
  },
  {
    keys: [
      ['Alt', '←'],
      ['Alt', '→'],
    ],
    label: 'jump10',
  },
  {
    keys: [
      ['Ctrl', '←'],
      ['Ctrl', '→'],
    ],
    label: 'jump60',
  },
];
const NAMED = new Set(['space', 'shift']);

export function ShortcutsHelp() {
  const { t } = useTranslation('conversations');
  const label = t('player.shortcuts.button');
  return (
    <Popover position="top-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={label} title={label}>
          <IconKeyboard size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="xs" maw={340}>
          {/* The focus trap lands here: the list has nothing else to focus, and a screen reader reads on from its title. */}
          <Text fw={600} size="sm" tabIndex={-1} data-autofocus>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t('player.shortcuts.intro')}
          </Text>
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
            <Table.Tbody>
              {ROWS.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={4} wrap="nowrap">
                      {row.keys.map((combo, index) => (
                        <Fragment key={combo.join('+')}>
                          {index > 0 && (
                            <Text size="xs" c="dimmed">
                              {t('player.shortcuts.or')}
                            </Text>
                          )}
                          {combo.map((key) => (
                            <Kbd key={key} size="xs">
                              {NAMED.has(key) ? t(`player.shortcuts.${key}`) : key}
                            </Kbd>
                          ))}
                        </Fragment>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`player.shortcuts.${row.label}`)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
