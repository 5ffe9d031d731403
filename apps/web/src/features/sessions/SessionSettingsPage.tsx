/**
 * /interface/{organizationId}/sessions/{sessionId}/settings (docs/PRODUCT.md, Screens and routes; Validation): those who operate the
 * session change what the API lets them (channels only while it is scheduled), name it with an
 * alias, share the public link (with its QR code) of a public session, see each channel's stream key and, while it runs, its
 * videoconference bots, start, stop and delete it; its status follows the session
 * notices. Others get the not-found page, like other guarded screens.
 */
import { Alert, Anchor, Button, Container, Group, Loader, Stack, Title } from '@mantine/core';
import type { Session } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isMissing } from '../../api/client.ts';
import { FormFailure } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { paths } from '../../routes/paths.ts';
import { SessionBots } from '../bots/SessionBots.tsx';
import { useTranscriberProfiles } from '../conversations/api.ts';
import { AliasField } from './AliasField.tsx';
import { useSession, useUpdateSession } from './api.ts';
import { formFromSession, patchBody, validateForm } from './form.ts';
import { PublicLink } from './PublicLink.tsx';
import { SessionControls } from './SessionControls.tsx';
import { SessionFormFields } from './SessionFormFields.tsx';
import { SessionTimes } from './SessionTimes.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { StreamKeys } from './StreamKeys.tsx';
import { useSessionFormErrors } from './useSessionFormErrors.ts';
import { useSessionUpdates } from './useSessionUpdates.ts';

function SettingsForm({ session }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const profiles = useTranscriberProfiles(session.organizationId);
  const update = useUpdateSession(session);
  // Edits stay while notices refresh the session underneath.
  const [form, setForm] = useState(() => formFromSession(session));
  const errors = useSessionFormErrors();
  const [failure, setFailure] = useState<unknown>(null);
  const ended = session.status === 'terminated';

  const submit = () => {
    setFailure(null);
    if (!errors.check(validateForm(form, new Date(), session))) return;
    update.mutate(patchBody(form, session), {
      onSuccess: (saved) => {
        errors.clear();
        notifySuccess(t('settings.saved', { name: saved.name }));
      },
      onError: (error) => {
        if (!errors.failed(error)) setFailure(error);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <fieldset disabled={ended} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <SessionFormFields
            form={form}
            onChange={(next) => {
              errors.changed(form, next);
              setForm(next);
            }}
            errors={errors.errors}
            profiles={profiles.data ?? []}
            channelsLocked={session.status !== 'scheduled'}
            withAlias={false}
          />
        </fieldset>
        {Object.keys(errors.errors).length > 0 && <FormFailure message={t('form.fixErrors')} />}
        <FormFailure error={failure} />
        {!ended && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function SessionSettingsPage() {
  const { t } = useTranslation('sessions');
  const { organizationId, sessionId } = useParams();
  const query = useSession(sessionId);
  useSessionUpdates(organizationId);
  const session = query.data;

  // Gone while shown (deleted here or elsewhere): back to the list; never seen or not operated: not found.
  if (session && isMissing(query.error)) return <Navigate to={paths.sessionsList} replace />;
  if (isMissing(query.error) || (session && (!session.abilities.operate || session.organizationId !== organizationId))) return <Navigate to={paths.notFound} replace />;
  if (!session) return query.isError ? <FormFailure error={query.error} /> : <Loader m="xl" aria-label={t('settings.loading')} />;

  return (
    <Container size="md" py="lg" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1}>{session.name}</Title>
            <div aria-live="polite">
              <StatusBadge status={session.status} />
            </div>
          </Group>
          <SessionTimes session={session} />
          <Anchor component={Link} to={paths.session(session.organizationId, session._id)} size="sm">
            {t('settings.livePage')}
          </Anchor>
        </Stack>
        <SessionControls session={session} />
        {session.status === 'terminated' && <Alert color="gray">{t('settings.endedNote')}</Alert>}
        <AliasField key={session.alias ?? ''} session={session} />
        <PublicLink session={session} />
        <StreamKeys channels={session.channels} status={session.status} />
        {(session.status === 'pending' || session.status === 'active') && <SessionBots session={session} />}
        <SettingsForm key={session._id} session={session} />
      </Stack>
    </Container>
  );
}
