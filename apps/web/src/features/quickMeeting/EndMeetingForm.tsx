/**
 * Ending a quick meeting (docs/PRODUCT.md, States): saved to the library under a name (the meeting's by default), or
 * discarded after a confirmation. A meeting still receiving audio elsewhere (another tab or device)
 * is refused once with the reason; the next attempt ends it anyway.
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { SESSION_LIMITS, type QuickMeeting } from '@palabre/shared';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { useEndQuickMeeting } from './api.ts';

export interface EndMeetingFormProps {
  meeting: QuickMeeting;
  /** Runs first: the page stops sending its own audio. */
  beforeEnd?: () => void;
  /** The page's own audio may still be closing: end it even so. */
  force?: boolean;
  onEnded: (result: { discarded: boolean; savedConversationId: string | null }) => void;
  /** A Cancel button (in a dialog). */
  onCancel?: () => void;
}

export function EndMeetingForm({ meeting, beforeEnd, force = false, onEnded, onCancel }: EndMeetingFormProps) {
  const { t } = useTranslation('quickMeeting');
  const end = useEndQuickMeeting(meeting);
  const [name, setName] = useState(meeting.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  /** Refused because audio still comes in: confirmed by trying again. */
  const [streaming, setStreaming] = useState(false);

  const finish = (trash: boolean) => {
    const trimmed = name.trim();
    if (!trash && trimmed === '') return setNameError(t('common:error.required'));
    if (!trash && trimmed.length > SESSION_LIMITS.name) return setNameError(t('common:error.too_long', { max: SESSION_LIMITS.name }));
    setNameError(null);
    beforeEnd?.();
    end.mutate(
      { trash, name: trash ? undefined : trimmed, force: force || streaming },
      {
        onSuccess: (result) => {
          setConfirmDiscard(false);
          onEnded({ discarded: trash, savedConversationId: trash ? null : result.savedConversationId });
        },
        onError: (error) => {
          setConfirmDiscard(false);
          if (error instanceof ApiError && error.code === 'session_streaming') setStreaming(true);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        finish(false);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('end.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          maxLength={SESSION_LIMITS.name}
          required
          data-autofocus
        />
        <FormFailure error={end.error} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={end.isPending}>
              {t('common:actions.cancel')}
            </Button>
          )}
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDiscard(true)} disabled={end.isPending}>
            {t('end.discard')}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={end.isPending && !end.variables?.trash}>
            {t('end.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDelete
        opened={confirmDiscard}
        title={t('end.discardTitle')}
        message={t('end.discardMessage')}
        confirmLabel={t('end.discardConfirm')}
        pending={end.isPending}
        onConfirm={() => finish(true)}
        onClose={() => setConfirmDiscard(false)}
      />
    </form>
  );
}
