/** A shortcut's combos as keyboard keys ("Ctrl" "Shift" "Z"), with key names in the user's language. */
import { Group, Kbd, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCombo } from './combos.ts';

const SYMBOLS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };
/** Keys whose printed name depends on the language. */
const NAMED = new Set(['Space', 'Shift', 'Enter', 'Backspace', 'Delete', 'Escape', 'Click']);

/** The words of a combo, for a title or an accessible name ("Ctrl+F"). */
export function useComboText(): (combo: string) => string {
  const { t } = useTranslation('editorPanels');
  return (combo) =>
    comboParts(combo)
      .map((key) => (NAMED.has(key) ? t(`keys.${key}`) : (SYMBOLS[key] ?? key)))
      .join('+');
}

function comboParts(combo: string): string[] {
  const { key, ctrl, shift, alt } = parseCombo(combo);
  return [...(ctrl ? ['Ctrl'] : []), ...(alt ? ['Alt'] : []), ...(shift ? ['Shift'] : []), key];
}

export function ShortcutKeys({ combos }: { combos: string[] }) {
  const { t } = useTranslation('editorPanels');
  return (
    <Group gap={4} wrap="wrap">
      {combos.map((combo, index) => (
        <Fragment key={combo}>
          {index > 0 && (
            <Text size="xs" c="dimmed">
              {t('keys.or')}
            </Text>
          )}
          <Group gap={2} wrap="nowrap">
            {comboParts(combo).map((key) => (
              <Kbd key={key} size="xs">
                {NAMED.has(key) ? t(`keys.${key}`) : (SYMBOLS[key] ?? key)}
              </Kbd>
            ))}
          </Group>
        </Fragment>
      ))}
    </Group>
  );
}
