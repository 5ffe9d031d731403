/** Name, description and visibility of an organization. */
import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { freeText, requiredText, TEXT_LIMITS, type Organization } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { ConfirmField } from '../../users/ConfirmField.tsx';
import { errorText, fieldErrors } from '../../../components/errorText.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { usePatchOrganization, type OrganizationScope } from './organizationApi.ts';

interface Props {
  org: Organization;
  scope: OrganizationScope;
  editable: boolean;
}

export function GeneralSection({ org, scope, editable }: Props) {
  const { t } = useTranslation(['organizations', 'common', 'settings']);
  const patch = usePatchOrganization(scope, org._id);
  const [errors, setErrors] = useState<{ name?: string | null; description?: string | null }>({});

  const onError = (field: 'name' | 'description' | null) => (err: unknown) => {
    if (field && err instanceof ApiError && err.code === 'organization_name_exists') {
      return setErrors((e) => ({ ...e, name: t('organizations:errors.nameExists') }));
    }
    const fields = fieldErrors(t, err);
    if (field && fields[field]) return setErrors((e) => ({ ...e, [field]: fields[field] }));
    notifyError(err, t('organizations:errors.update'));
  };
  const commit = (field: 'name' | 'description', input: string) => {
    const { value, error } =
      field === 'name' ? requiredText(input, { max: TEXT_LIMITS.organizationName }) : freeText(input, { max: TEXT_LIMITS.organizationDescription, multiline: true });
    setErrors((e) => ({ ...e, [field]: errorText(t, error) }));
    if (error || value === org[field]) return;
    patch.mutate({ [field]: value }, { onSuccess: () => notifySuccess(t('organizations:saved')), onError: onError(field) });
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="org-general-title">
      <Stack>
        <Title order={2} size="h3" id="org-general-title">
          {t('organizations:general.title')}
        </Title>
        <ConfirmField
          label={t('organizations:general.name')}
          value={org.name}
          readonly={!editable}
          error={errors.name}
          disabled={patch.isPending}
          onConfirm={(v) => commit('name', v)}
          onCancel={() => setErrors((e) => ({ ...e, name: null }))}
        />
        <ConfirmField
          label={t('organizations:general.description')}
          value={org.description}
          textarea
          readonly={!editable}
          error={errors.description}
          disabled={patch.isPending}
          onConfirm={(v) => commit('description', v)}
          onCancel={() => setErrors((e) => ({ ...e, description: null }))}
        />
        {editable ? (
          <Radio.Group
            label={t('organizations:visibility.title')}
            value={org.visibility}
            onChange={(value) =>
              patch.mutate({ visibility: value as Organization['visibility'] }, { onSuccess: () => notifySuccess(t('organizations:saved')), onError: onError(null) })
            }
          >
            <Stack gap="xs" mt="xs">
              <Radio value="private" label={t('organizations:visibility.private')} description={t('organizations:visibility.privateHelp')} />
              <Radio value="public" label={t('organizations:visibility.public')} description={t('organizations:visibility.publicHelp')} />
            </Stack>
          </Radio.Group>
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('organizations:visibility.title')}
            </Text>
            <Text size="sm">{t(`organizations:visibility.${org.visibility}`)}</Text>
            <Text size="xs" c="dimmed">
              {t(`organizations:visibility.${org.visibility}Help`)}
            </Text>
          </Stack>
        )}
        {!editable && (
          <Text size="xs" c="dimmed">
            {t('organizations:general.readOnly')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
