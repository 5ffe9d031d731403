/** /interface/favorites — the media the user starred in the current organization, in the shared media list. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyList, MediaList } from '../explore/MediaList.tsx';
import { useOrganizationScope } from '../organizations/OrganizationScope.tsx';

export function FavoritesPage() {
  const { t } = useTranslation('library');
  const organizationId = useOrganizationScope().current?._id ?? null;
  return (
    <MediaList
      source={organizationId ? { kind: 'favorites', organizationId } : null}
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
