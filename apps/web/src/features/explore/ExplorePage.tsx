/**
 * /interface/explore — the media library (docs/PRODUCT.md, Screens and routes): the organization's media in
 * the shared media list, with the bulk delete of docs/PRODUCT.md, Validation (none selected: a notice; some
 * not deletable: none deleted, the server says why).
 */
import { Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { useUploadAllowed } from '../conversations/UploadRight.tsx';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { ShareSelectedButton } from '../sharing/ShareSelectedButton.tsx';
import { EmptyList, MediaList } from './MediaList.tsx';

export function ExplorePage() {
  const { t } = useTranslation(['explore', 'conversations']);
  const organizationId = useOrganizationScope().current?._id ?? null;
  const uploadAllowed = useUploadAllowed();
  return (
    <MediaList
      source={organizationId ? { kind: 'organization', organizationId } : null}
      organizationId={organizationId}
      title={t('title')}
      headerAction={
        uploadAllowed ? (
          <Button component={Link} to={paths.conversationCreate} variant="light">
            {t('upload')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('conversations:errors.noUploadRight')}
          </Text>
        )
      }
      emptyState={
        <EmptyList title={t('empty.none')}>
          {uploadAllowed && (
            <Anchor component={Link} to={paths.conversationCreate}>
              {t('empty.upload')}
            </Anchor>
          )}
        </EmptyList>
      }
      deletable
      selectionActions={(ids) => organizationId && <ShareSelectedButton organizationId={organizationId} conversationIds={ids} />}
    />
  );
}
