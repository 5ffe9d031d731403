/**
 * /interface/explore — the media library (spec §2): the organization's media in the shared media
 * list, with the bulk delete of spec §5 (none selected: a notice; some not deletable: none deleted,
 * the server says why).
 */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { useOrganizationScope } from '../organizations/OrganizationScope.tsx';
import { ShareSelectedButton } from '../sharing/ShareSelectedButton.tsx';
import { MediaList } from './MediaList.tsx';

export function ExplorePage() {
  const { t } = useTranslation('explore');
  const organizationId = useOrganizationScope().current?._id ?? null;
  return (
    <MediaList
      source={organizationId ? { kind: 'organization', organizationId } : null}
      organizationId={organizationId}
      title={t('title')}
      headerAction={
        <Button component={Link} to={paths.conversationCreate} variant="light">
          {t('upload')}
        </Button>
      }
      emptyState={
        <Stack gap="xs" align="center">
          <Text fw={600}>{t('empty.none')}</Text>
          <Anchor component={Link} to={paths.conversationCreate}>
            {t('empty.upload')}
          </Anchor>
        </Stack>
      }
      deletable
      selectionActions={(ids) => organizationId && <ShareSelectedButton organizationId={organizationId} conversationIds={ids} />}
    />
  );
}
