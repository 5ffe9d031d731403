/**
 * /interface/shared — "Shared with me": media other people gave the user a right on, in the shared
 * media list (all organizations; tag criteria use the current organization's tags).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyList, MediaList } from '../explore/MediaList.tsx';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';

export function SharedPage() {
  const { t } = useTranslation('library');
  const organizationId = useOrganizationScope().current?._id ?? null;
  return (
    <MediaList
      source={{ kind: 'shared' }}
      organizationId={organizationId}
      title={t('shared.title')}
      emptyState={
        <EmptyList title={t('shared.empty')}>
          <Text size="sm" c="dimmed">
            {t('shared.emptyHint')}
          </Text>
        </EmptyList>
      }
    />
  );
}
