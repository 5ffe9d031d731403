/**
 * The favorite star of a media (list rows and the overview title): a toggle button (aria-pressed)
 * named "Add to favorites" or "Remove from favorites". The star changes only once the server has
 * accepted the change (docs/PRODUCT.md, States); a failure shows the server's message.
 */
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../components/notify.ts';
import { useToggleFavorite } from './api.ts';

export function FavoriteButton({ conversationId, favorite, size = 'md' }: { conversationId: string; favorite: boolean; size?: ActionIconProps['size'] }) {
  const { t } = useTranslation('library');
  const toggle = useToggleFavorite();
  const label = favorite ? t('favorites.remove') : t('favorites.add');
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={favorite ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={favorite}
        data-testid="favorite-toggle"
        loading={toggle.isPending}
        onClick={() => toggle.mutate({ conversationId, favorite: !favorite }, { onError: (error) => notifyError(error, t('favorites.failed')) })}
      >
        {favorite ? <IconStarFilled size="70%" aria-hidden /> : <IconStar size="70%" aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
