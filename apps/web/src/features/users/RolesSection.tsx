/** The user's own platform roles: they may give up a role but never grant themselves one (docs/PRODUCT.md, Roles and permissions). */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { PlatformRoleCheckboxes, usePlatformRoleLabel } from './PlatformRoleCheckboxes.tsx';
import { notifyError } from '../../components/notify.ts';
import { useUpdateSelf } from './useUpdateSelf.ts';

export function RolesSection({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSelf();
  const roleLabel = usePlatformRoleLabel();

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="roles-title">
      <Stack>
        <Title order={2} size="h3" id="roles-title">
          {t('settings:roles.title')}
        </Title>
        <PlatformRoleCheckboxes
          label={t('settings:roles.label')}
          description={t('settings:roles.explanation')}
          value={user.role}
          disabled={update.isPending}
          canToggle={(_flag, checked) => checked}
          onChange={(next, flag) =>
            modals.openConfirmModal({
              title: t('settings:roles.confirmTitle'),
              children: <Text size="sm">{t('settings:roles.confirmText', { role: roleLabel(flag) })}</Text>,
              labels: { confirm: t('settings:roles.confirm'), cancel: t('common:actions.cancel') },
              confirmProps: { color: 'red' },
              onConfirm: () => update.mutate({ role: next }, { onError: (err) => notifyError(err, t('settings:roles.error')) }),
            })
          }
        />
      </Stack>
    </Paper>
  );
}
