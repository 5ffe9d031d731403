/**
 * A small icon button with a tooltip: the tooltip names what it does, the accessible name may say more
 * (which item it acts on), the icon is decorative.
 */
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

export interface TooltipIconButtonProps extends Omit<ActionIconProps, 'children'> {
  /** The tooltip; also the accessible name unless `ariaLabel` says more. */
  label: string;
  ariaLabel?: string;
  icon: TablerIcon;
  /** aria-keyshortcuts: the keys that do the same. */
  keys?: string;
  disabled?: boolean;
  onClick(): void;
}

export function TooltipIconButton({ label, ariaLabel, icon: Icon, keys, onClick, variant = 'subtle', size = 'sm', ...rest }: TooltipIconButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant={variant} size={size} aria-label={ariaLabel ?? label} aria-keyshortcuts={keys} onClick={onClick} {...rest}>
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
