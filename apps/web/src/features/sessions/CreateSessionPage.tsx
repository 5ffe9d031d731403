/**
 * /interface/sessions/create (docs/PRODUCT.md, Screens and routes; Validation): the session form with templates (apply, save, delete),
 * checked with the contract's rules before it is sent. Only for those who may create sessions in the
 * current organization; the new session's settings page opens once it is created. What is typed is
 * kept as a draft in the tab (draft.ts) until the session is created.
 */
import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { paths } from '../../routes/paths.ts';
import { useTranscriberProfiles } from '../conversations/api.ts';
import { useSessionCreateAllowed } from './access.ts';
import { useCreateSession } from './api.ts';
import { useSessionDraft } from './draft.ts';
import { applyTemplate, createBody, validateForm } from './form.ts';
import { SessionFormFields } from './SessionFormFields.tsx';
import { TemplatesBar } from './TemplatesBar.tsx';
import { useSessionFormErrors } from './useSessionFormErrors.ts';

function CreateSessionForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  const profiles = useTranscriberProfiles(organizationId);
  const create = useCreateSession(organizationId);
  const [form, setForm, clearDraft] = useSessionDraft(organizationId);
  const errors = useSessionFormErrors();
  const [failure, setFailure] = useState<unknown>(null);

  const submit = () => {
    setFailure(null);
    if (!errors.check(validateForm(form, new Date()))) return;
    create.mutate(createBody(form), {
      onSuccess: (session) => {
        clearDraft();
        notifySuccess(t('create.created', { name: session.name }));
        void navigate(paths.sessionSettings(session.organizationId, session._id));
      },
      onError: (error) => {
        if (!errors.failed(error)) setFailure(error);
      },
    });
  };

  return (
    <Stack gap="lg">
      {/* Outside the form: the template dialog's own form must not submit this one. */}
      <TemplatesBar
        organizationId={organizationId}
        form={form}
        onApply={(template) => {
          setForm(applyTemplate(form, template));
          errors.clear();
        }}
        onInvalid={(fields) => errors.check(fields)}
      />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          <SessionFormFields
            form={form}
            onChange={(next) => {
              errors.changed(form, next);
              setForm(next);
            }}
            errors={errors.errors}
            profiles={profiles.data ?? []}
          />
          {Object.keys(errors.errors).length > 0 && <FormFailure message={t('form.fixErrors')} />}
          <FormFailure error={failure} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={paths.sessionsList}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export function CreateSessionPage() {
  const { t } = useTranslation('sessions');
  const organizationId = useOrganizationScope().current?._id;
  const allowed = useSessionCreateAllowed();
  return (
    <Container size="md" py="lg" w="100%">
      <Stack gap="lg">
        <Title order={1}>{t('create.title')}</Title>
        {allowed && organizationId ? (
          <CreateSessionForm organizationId={organizationId} />
        ) : (
          <Alert color="orange" icon={<IconLock size={18} />} title={t('create.noRightTitle')} role="alert">
            {t('create.noRight')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
