/**
 * Where the editor's panels open: a side column on wide screens (the transcript stays usable beside
 * it), a drawer below 1200 px. Escape closes; the focus goes into the panel when it opens and back
 * to where it was when it closes (unless the panel moved it, e.g. find selecting its match).
 */
import { CloseButton, Drawer, Group, Paper, ScrollArea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { FindReplacePanel } from './FindReplacePanel.tsx';
import { HelpPanel } from './HelpPanel.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import type { EditorPanel } from './keys.ts';
import { SpeakersPanel } from './SpeakersPanel.tsx';

export const SIDE_COLUMN_MIN_WIDTH = 1200;

// Loaded when first opened: the editor's first render does not pay for them.
const ChatPanel = lazy(() => import('../../chat/ChatPanel.tsx'));
const HighlightsPanel = lazy(() => import('../../highlights/HighlightsPanel.tsx'));

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
    case 'chat':
      return (
        <Suspense fallback={<CenteredLoader />}>
          <ChatPanel />
        </Suspense>
      );
    case 'highlights':
      return (
        <Suspense fallback={<CenteredLoader />}>
          <HighlightsPanel />
        </Suspense>
      );
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
        // Escape is handled below, so that closing a dialog opened from the panel leaves the panel open.
        closeOnEscape={false}
        closeButtonProps={{ 'aria-label': t('panels.close') }}
        data-editor-panel={panel ?? undefined}
      >
        {panel && <DrawerBody onClose={onClose}>{content(panel)}</DrawerBody>}
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

  useEscapeToClose(root, onClose);

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
      aria-labelledby={titleId}
      data-editor-panel={panel}
      w={380}
      radius="md"
      // The page keeps the column in view (sticky) while the transcript scrolls; the panel fills it.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('panels.close')} />
      </Group>
      {/* The viewport takes the focus, so that a panel of text only (the help) scrolls with the keyboard. */}
      <ScrollArea p="sm" pt={0} style={{ flex: 1 }} viewportProps={{ tabIndex: 0, 'aria-labelledby': titleId }}>
        {children}
      </ScrollArea>
    </Paper>
  );
}

function DrawerBody({ onClose, children }: { onClose(): void; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEscapeToClose(root, onClose);
  return <div ref={root}>{children}</div>;
}

/**
 * Escape closes the panel from inside it, or when the focus was lost (a button that became
 * disabled); not from a dialog the panel opened (its own Escape closes it), nor from the transcript.
 */
function useEscapeToClose(root: RefObject<HTMLElement | null>, onClose: () => void) {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !root.current) return;
      const panel = root.current;
      // In a drawer, its header (title, close button) belongs to the panel too.
      const area = panel.closest('[role="dialog"]') ?? panel;
      const target = event.target instanceof Node ? event.target : null;
      const fromPanel = target === null || target === document.body || area.contains(target);
      // The drawer is itself a modal dialog: only another one (a confirmation, a preview) keeps Escape.
      const dialogOpen = [...document.querySelectorAll('[aria-modal="true"]')].some((dialog) => !dialog.contains(panel));
      if (!fromPanel || dialogOpen) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root]);
}
