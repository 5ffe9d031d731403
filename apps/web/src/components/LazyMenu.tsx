/**
 * A Mantine Menu mounted on first use, for lists that show many menus (a long document's turns):
 * until the pointer enters its button, the button takes the focus or is clicked, only the button is
 * rendered, with the role, name and `aria-haspopup` it has as the menu's target. The menu is then
 * mounted in the same event (before the next pointer event reaches the page), its button keeping the
 * focus it had; a click opens it at once. From then on it is an ordinary Menu.
 */
import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import { flushSync } from 'react-dom';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}

interface LazyMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> {
  /** The button that opens the menu (an element that takes a ref and the usual event handlers). */
  target: ReactElement<TargetProps>;
  /** The dropdown's content, rendered only while the menu is open (as in Menu). */
  children: ReactNode;
}

type Stage = 'button' | 'menu' | 'open';

export function LazyMenu({ target, children, ...menu }: LazyMenuProps) {
  const [stage, setStage] = useState<Stage>('button');
  const targetRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);

  useLayoutEffect(() => {
    if (stage === 'button' || !refocus.current) return;
    refocus.current = false;
    targetRef.current?.focus();
  }, [stage]);

  if (stage !== 'button') {
    return (
      <Menu {...menu} defaultOpened={stage === 'open'}>
        <Menu.Target ref={targetRef}>{target}</Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
    );
  }

  const mount = (next: Stage) => {
    if (menu.disabled) return;
    refocus.current = document.activeElement !== null && document.activeElement === targetRef.current;
    // Synchronously: the next pointer event (the press after the hover) must reach the menu's button.
    flushSync(() => setStage(next));
  };
  return cloneElement(target, {
    ref: targetRef,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => mount('menu'),
    onFocus: () => mount('menu'),
    onClick: () => mount('open'),
  });
}
