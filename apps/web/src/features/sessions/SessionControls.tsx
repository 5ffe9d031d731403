/**
 * Start, stop and delete a session (docs/sessions-api.md, Stop, delete and the library). A stop or
 * delete refused while a stream is being sent asks for confirmation, then forces it.
 */
import { Button, Group, Text } from '@mantine/core';
import type { Session } from '@palabre/shared';
import { IconPlayerPlay, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { paths } from '../../routes/paths.ts';
import { useStartSession, useStopSession } from './api.ts';

type Ending = { remove: boolean; force: boolean };

const streaming = (error: unknown) => error instanceof ApiError && error.code === 'session_streaming';

export function SessionControls({ session }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  const start = useStartSession(session);
  // Leave before the lists refresh: the session's own page has nothing left to show.
  const stop = useStopSession(session, () => {
    notifySuccess(t('settings.deleted', { name: session.name }));
    void navigate(paths.sessionsList);
  });
  /** The stop or delete being confirmed. */
  const [confirming, setConfirming] = useState<Ending | null>(null);
  const running = session.status === 'pending' || session.status === 'active';

  const end = (ending: Ending) =>
    stop.mutate(ending, {
      // Closes the confirmation of this very call only: a deletion asked for while a stop was still
      // answering keeps its dialog open.
      onSuccess: () => setConfirming((current) => (current === ending ? null : current)),
      // A stream is still connected: the same call again, forced, once confirmed.
      onError: (error) => streaming(error) && setConfirming({ ...ending, force: true }),
    });

  return (
    <>
      <Group gap="sm">
        {session.status === 'scheduled' && (
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={start.isPending} onClick={() => start.mutate()}>
            {t('settings.start')}
          </Button>
        )}
        {running && (
          <Button
            color="orange"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            loading={stop.isPending && !confirming}
            onClick={() => end({ remove: false, force: false })}
          >
            {t('settings.stop')}
          </Button>
        )}
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming({ remove: true, force: false })}>
          {t('settings.delete')}
        </Button>
      </Group>
      <FormFailure error={start.error ?? (stop.error && !streaming(stop.error) ? stop.error : null)} />
      <ConfirmDelete
        opened={confirming !== null}
        title={confirming?.remove ? t('settings.deleteTitle') : t('settings.forceStopTitle')}
        message={confirming?.remove ? t('settings.deleteMessage', { name: session.name }) : t('settings.forceStopMessage')}
        confirmLabel={confirming?.remove ? (confirming.force ? t('settings.forceDelete') : t('settings.delete')) : t('settings.forceStop')}
        pending={stop.isPending}
        onClose={() => {
          setConfirming(null);
          stop.reset();
        }}
        onConfirm={() => confirming && end(confirming)}
      >
        {confirming?.remove && confirming.force && <Text c="orange">{t('settings.forceDeleteMessage')}</Text>}
      </ConfirmDelete>
    </>
  );
}
