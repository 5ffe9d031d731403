/**
 * Where the editor's panels open: a side column on wide screens (the transcript stays usable beside
 * it), a drawer below 1200 px. Escape closes; the focus goes into the panel when it opens and back
 * to where it was when it closes (unless the panel moved it, e.g. find selecting its match).
 */
import { CloseButton, Drawer, Group, Paper, ScrollArea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FindReplacePanel } from './FindReplacePanel.tsx';
import { HelpPanel } from './HelpPanel.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import type { EditorPanel } from './keys.ts';
import { SpeakersPanel } from './SpeakersPanel.tsx';

export const SIDE_COLUMN_MIN_WIDTH = 1200;

interface Props {
  panel: EditorPanel | null;
  onClose(): void;
}

function content(panel: EditorPanel): ReactNode {
  switch (panel) {
    case 'find':
    case 'replace':
      return <FindReplacePanel focusReplace={panel === 'replace'} />;
    case 'speakers':
      return <SpeakersPanel />;
    case 'history':
      return <HistoryPanel />;
    case 'help':
      return <HelpPanel />;
  }
}

export function PanelHost({ panel, onClose }: Props) {
  const { t } = useTranslation('editorPanels');
  const wide = useMediaQuery(`(min-width: ${SIDE_COLUMN_MIN_WIDTH}px)`, true, { getInitialValueInEffect: false });
  const titleId = useId();
  const title = panel ? t(`panels.${panel === 'replace' ? 'find' : panel}`) : '';

  if (!wide) {
    return (
      <Drawer
        opened={panel !== null}
        onClose={onClose}
        position="right"
        size="md"
        title={title}
        returnFocus
        closeButtonProps={{ 'aria-label': t('panels.close') }}
        data-editor-panel={panel ?? undefined}
      >
        {panel && content(panel)}
      </Drawer>
    );
  }
  if (!panel) return null;
  return (
    <SideColumn panel={panel} title={title} titleId={titleId} onClose={onClose}>
      {content(panel)}
    </SideColumn>
  );
}

function SideColumn({ panel, title, titleId, onClose, children }: { panel: EditorPanel; title: string; titleId: string; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation('editorPanels');
  const root = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);

  // Remember where the focus was, and give it back on close if nothing else took it.
  useEffect(() => {
    opener.current = document.activeElement;
    return () => {
      const back = opener.current;
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (back instanceof HTMLElement && back.isConnected && (!active || active === document.body)) back.focus();
      });
    };
  }, []);

  // Into the panel's first field each time it opens or changes (Ctrl+H on an open find panel).
  useEffect(() => {
    const target = root.current?.querySelector<HTMLElement>('[data-autofocus]') ?? root.current?.querySelector<HTMLElement>('input, button, [tabindex="0"]');
    target?.focus();
  }, [panel]);

  return (
    <Paper
      ref={root}
      component="aside"
      withBorder
      radius={0}
      aria-labelledby={titleId}
      data-editor-panel={panel}
      w={380}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
    >
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('panels.close')} />
      </Group>
      <ScrollArea p="sm" pt={0} style={{ flex: 1 }}>
        {children}
      </ScrollArea>
    </Paper>
  );
}
