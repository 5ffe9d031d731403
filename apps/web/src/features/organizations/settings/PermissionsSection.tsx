/** Organization permissions: whether plain members may upload media, generate summaries, create sessions. */
import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Organization, OrganizationPermissions } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { usePatchOrganization, type OrganizationScope } from './organizationApi.ts';

const KEYS: Array<keyof OrganizationPermissions> = ['upload', 'summary', 'session'];

export function PermissionsSection({ org, scope, editable }: { org: Organization; scope: OrganizationScope; editable: boolean }) {
  const { t } = useTranslation(['organizations', 'common']);
  const patch = usePatchOrganization(scope, org._id);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-permissions-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="org-permissions-title">
            {t('organizations:permissions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('organizations:permissions.explanation')}
          </Text>
        </div>
        {!editable &&
          KEYS.map((key) => (
            <Group key={key} gap="xs" wrap="nowrap">
              {org.permissions[key] ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden /> : <IconX size={18} color="var(--mantine-color-red-7)" aria-hidden />}
              <Text size="sm">
                {t(`organizations:permissions.${key}`)}
                <Text span c="dimmed" size="sm">
                  {' '}
                  — {t(org.permissions[key] ? 'organizations:permissions.allowed' : 'organizations:permissions.notAllowed')}
                </Text>
              </Text>
            </Group>
          ))}
        {editable &&
          KEYS.map((key) => (
            <Switch
              key={key}
              label={t(`organizations:permissions.${key}`)}
              checked={org.permissions[key]}
              disabled={patch.isPending}
              onChange={(e) =>
                patch.mutate(
                  { permissions: { [key]: e.currentTarget.checked } },
                  { onSuccess: () => notifySuccess(t('organizations:saved')), onError: (err) => notifyError(err, t('organizations:errors.update')) },
                )
              }
            />
          ))}
      </Stack>
    </Paper>
  );
}
