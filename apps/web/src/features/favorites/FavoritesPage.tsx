/**
 * /interface/favorites — every media the user starred and can still read, whatever its organization
 * (their own or one that shared it with them); tag criteria use the current organization's tags.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyList, MediaList } from '../explore/MediaList.tsx';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';

export function FavoritesPage() {
  const { t } = useTranslation('library');
  const organizationId = useOrganizationScope().current?._id ?? null;
  return (
    <MediaList
      source={{ kind: 'favorites' }}
      organizationId={organizationId}
      title={t('favorites.title')}
      emptyState={
        <EmptyList title={t('favorites.empty')}>
          <Text size="sm" c="dimmed">
            {t('favorites.emptyHint')}
          </Text>
        </EmptyList>
      }
    />
  );
}
