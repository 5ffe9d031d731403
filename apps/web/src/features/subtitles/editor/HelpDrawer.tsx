/** Every shortcut of the screen editor (shortcuts.ts) and how editing works. */
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShortcutHelp } from '../../editor/ShortcutHelp.tsx';
import { SUBTITLE_SHORTCUTS, type SubtitleShortcut } from './shortcuts.ts';

const HOW_IT_WORKS = ['lines', 'warnings', 'timing', 'together', 'undo'] as const;

const noteOf = (shortcut: SubtitleShortcut) => `help.where.${shortcut.where}`;

export function HelpDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation(['subtitles', 'common']);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('help.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <ShortcutHelp scope="subtitle" namespace="subtitles" shortcuts={SUBTITLE_SHORTCUTS} noteOf={noteOf} howItWorks={HOW_IT_WORKS} />
    </Drawer>
  );
}
