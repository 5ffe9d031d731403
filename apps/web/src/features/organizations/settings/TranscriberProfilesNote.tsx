/**
 * The transcriber profiles this organization can use (its own and the global ones), read-only:
 * GET /organizations/:id/transcriber_profiles. Profiles are managed in the backoffice.
 */
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AvailabilityBadge } from '../../../components/AvailabilityBadge.tsx';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { useTranscriberProfiles } from '../../conversations/api.ts';

/** Kept under its first name (the settings page imports it); it is the transcriber profiles section. */
export function TranscriberProfilesNote() {
  const { organizationId } = useParams();
  const { t } = useTranslation('organizations');
  const profiles = useTranscriberProfiles(organizationId);
  const language = (lang: string) => (lang === 'en' || lang === 'fr' ? t(`transcriberProfiles.language.${lang}`) : lang);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-profiles-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="org-profiles-title">
            {t('transcriberProfiles.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('transcriberProfiles.readOnly')}
          </Text>
        </div>
        {profiles.isPending ? (
          <CenteredLoader />
        ) : profiles.isError ? (
          <Text c="red" size="sm">
            {profiles.error.message}
          </Text>
        ) : profiles.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('transcriberProfiles.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-labelledby="org-profiles-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transcriberProfiles.name')}</Table.Th>
                  <Table.Th>{t('transcriberProfiles.type')}</Table.Th>
                  <Table.Th>{t('transcriberProfiles.languages')}</Table.Th>
                  <Table.Th>{t('transcriberProfiles.availability')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profiles.data.map((profile) => (
                  <Table.Tr key={profile._id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{profile.name}</Text>
                        {profile.isDefault && (
                          <Badge size="sm" variant="light">
                            {t('transcriberProfiles.default')}
                          </Badge>
                        )}
                        {profile.organizationId === null && (
                          <Badge size="sm" variant="outline" color="gray">
                            {t('transcriberProfiles.global')}
                          </Badge>
                        )}
                      </Group>
                      {profile.description && (
                        <Text size="xs" c="dimmed">
                          {profile.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`transcriberProfiles.types.${profile.type}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{profile.languages.map(language).join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <AvailabilityBadge availability={profile.availability} showReason />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
