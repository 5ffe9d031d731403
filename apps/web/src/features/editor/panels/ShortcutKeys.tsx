/** A shortcut's combos as keyboard keys ("Ctrl" "Shift" "Z"), with key names in the user's language. */
import { Group, Kbd, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMED_KEYS } from '../editorShortcuts.ts';
import { PANEL_NAMED_KEYS } from './keys.ts';

/** A key's name as printed for the user. */
export function useKeyName(): (key: string) => string {
  const { t } = useTranslation(['editor', 'editorPanels']);
  return (key) => (NAMED_KEYS.has(key) ? t(`editor:keys.${key}`) : PANEL_NAMED_KEYS.has(key) ? t(`editorPanels:keys.${key}`) : key);
}

/** A combo as text, for a title ("Ctrl+F"). */
export function useComboText(): (combo: readonly string[]) => string {
  const name = useKeyName();
  return (combo) => combo.map(name).join('+');
}

export function ShortcutKeys({ combos }: { combos: readonly (readonly string[])[] }) {
  const { t } = useTranslation('editorPanels');
  const name = useKeyName();
  return (
    <Group gap={4} wrap="wrap">
      {combos.map((combo, index) => (
        <Fragment key={combo.join('+')}>
          {index > 0 && (
            <Text size="xs" c="dimmed">
              {t('keys.or')}
            </Text>
          )}
          <Group gap={2} wrap="nowrap">
            {combo.map((key) => (
              <Kbd key={key} size="xs">
                {name(key)}
              </Kbd>
            ))}
          </Group>
        </Fragment>
      ))}
    </Group>
  );
}
