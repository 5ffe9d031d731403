/** /backoffice/transcriberProfiles/:transcriberProfileId: a profile's availability, its form (PUT) and its deletion. */
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isMissing } from '../../api/client.ts';
import { paths } from '../../routes/paths.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { AvailabilityBadge } from '../../components/AvailabilityBadge.tsx';
import { DeleteProfilesModal, useProfileLabels } from './TranscriberProfileParts.tsx';
import { TranscriberProfileForm } from './TranscriberProfileForm.tsx';
import { useAdminTranscriberProfile } from './transcriberProfilesApi.ts';

export function TranscriberProfileDetail({ id }: { id: string }) {
  const { t } = useTranslation(['backoffice', 'common']);
  const navigate = useNavigate();
  const query = useAdminTranscriberProfile(id);
  const labels = useProfileLabels();
  const [deleting, setDeleting] = useState(false);
  const [revision, setRevision] = useState(0);

  const back = (
    <Anchor component={Link} to={paths.backofficeTranscriberProfiles} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('backoffice:transcriberProfiles.back')}
      </Group>
    </Anchor>
  );
  if (query.isPending) return <CenteredLoader />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound} replace />;
  if (!query.data) {
    return (
      <Stack gap="lg">
        {back}
        <Alert color="red" title={t('backoffice:transcriberProfiles.loadError')}>
          {query.error?.message}
        </Alert>
      </Stack>
    );
  }
  const profile = query.data;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1}>{profile.name}</Title>
            {profile.isDefault && <Badge variant="light">{t('backoffice:transcriberProfiles.default')}</Badge>}
          </Group>
          <Text c="dimmed" size="sm">
            {labels.type(profile.type)} · {labels.languages(profile.languages)}
          </Text>
        </div>
        <AvailabilityBadge availability={profile.availability} />
      </Group>
      <Paper withBorder p="lg" maw={720}>
        {/* Starts again from the saved values (an empty API key field) after each save, and for another profile. */}
        <TranscriberProfileForm key={`${profile._id}-${revision}`} profile={profile} onSaved={() => setRevision((r) => r + 1)} />
      </Paper>
      <Group>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
          {t('backoffice:transcriberProfiles.delete')}
        </Button>
      </Group>
      <DeleteProfilesModal
        profiles={deleting ? [profile] : []}
        onClose={() => setDeleting(false)}
        onDeleted={(ids) => {
          if (ids.length) void navigate(paths.backofficeTranscriberProfiles);
        }}
      />
    </Stack>
  );
}
