/**
 * The creation step (docs/PRODUCT.md, States; Validation): a transcription service among the organization's profiles offered
 * for quick meetings, one of its languages, live and/or offline transcription (at least one), and
 * whether the audio is kept (forced on with offline transcription). A meeting already in progress
 * opens the restore step instead.
 */
import { Alert, Button, Checkbox, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { profileLanguages, type QuickMeeting } from '@palabre/shared';
import { IconPlayerRecord } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { useTranscriberProfiles } from '../conversations/api.ts';
import { preferredProfile } from '../bots/status.ts';
import { useSessionCreateAllowed } from '../sessions/access.ts';
import { useLanguageName } from '../sessions/format.ts';
import { fetchCurrentQuickMeeting, useCreateQuickMeeting } from './api.ts';

interface CreationStepProps {
  organizationId: string;
  onCreated: (meeting: QuickMeeting) => void;
  onInProgress: (meeting: QuickMeeting) => void;
}

export function CreationStep({ organizationId, onCreated, onInProgress }: CreationStepProps) {
  const { t } = useTranslation('quickMeeting');
  const allowed = useSessionCreateAllowed();
  const profiles = useTranscriberProfiles(organizationId);
  const offered = useMemo(() => (profiles.data ?? []).filter((profile) => profile.quickMeeting), [profiles.data]);
  const usable = offered.filter((profile) => profile.availability.ok);
  const languageName = useLanguageName({ standalone: true });
  const create = useCreateQuickMeeting(organizationId);
  const apiErrors = useApiErrors();
  const [chosen, setChosen] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const [offline, setOffline] = useState(false);
  const [keepAudio, setKeepAudio] = useState(true);
  const [transcriptionError, setTranscriptionError] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  // The preferred usable profile is chosen at once, and its first language.
  const profile = offered.find((p) => p._id === chosen) ?? preferredProfile(usable);
  const languages: string[] = profile ? profileLanguages(profile) : [];
  const spoken = language && languages.includes(language) ? language : (languages[0] ?? null);

  if (!allowed) return <Alert color="gray">{t('creation.notAllowed')}</Alert>;
  if (profiles.isPending) return <Loader aria-label={t('loading')} />;
  if (profiles.isError) return <FormFailure error={profiles.error} />;
  if (usable.length === 0) {
    return (
      <Alert color="orange" role="alert">
        {/* None offered is an administrator's choice: the person is told which switch to ask for. */}
        {t(offered.length === 0 ? 'creation.noProfile' : 'creation.noProfileAvailable')}
      </Alert>
    );
  }

  const fieldErrors = apiErrors.fields(failure);
  const submit = () => {
    setFailure(null);
    if (!live && !offline) return setTranscriptionError(true);
    if (!profile) return;
    create.mutate(
      {
        transcriberProfileId: profile._id,
        ...(spoken ? { language: spoken } : {}),
        liveTranscription: live,
        offlineTranscription: offline,
        keepAudio: offline || keepAudio,
        source: 'microphone',
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === 'quick_meeting_in_progress')) return setFailure(error);
          void fetchCurrentQuickMeeting(organizationId).then((meeting) => (meeting ? onInProgress(meeting) : setFailure(error)));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text c="dimmed">{t('creation.intro')}</Text>
        <Select
          label={t('creation.profile')}
          required
          data={offered.map((p) => ({ value: p._id, label: p.availability.ok ? p.name : t('creation.unavailable', { name: p.name }), disabled: !p.availability.ok }))}
          value={profile?._id ?? null}
          onChange={(id) => {
            setChosen(id);
            setLanguage(null);
          }}
          allowDeselect={false}
          error={fieldErrors.transcriberProfileId}
        />
        {languages.length > 0 && (
          <Select
            label={t('creation.language')}
            required
            data={languages.map((code) => ({ value: code, label: languageName(code) }))}
            value={spoken}
            onChange={setLanguage}
            allowDeselect={false}
            error={fieldErrors.language}
          />
        )}
        <Stack gap="xs" role="group" aria-label={t('creation.transcription')}>
          <Switch
            label={t('creation.liveTranscription')}
            description={t('creation.liveTranscriptionHint')}
            checked={live}
            onChange={(event) => {
              setLive(event.currentTarget.checked);
              setTranscriptionError(false);
            }}
          />
          <Switch
            label={t('creation.offlineTranscription')}
            description={t('creation.offlineTranscriptionHint')}
            checked={offline}
            onChange={(event) => {
              setOffline(event.currentTarget.checked);
              setTranscriptionError(false);
            }}
          />
          {(transcriptionError || fieldErrors.liveTranscription) && (
            <Text c="red" size="sm" role="alert">
              {t('common:error.transcription_required')}
            </Text>
          )}
          <Checkbox
            label={t('creation.keepAudio')}
            description={offline ? t('creation.keepAudioForced') : t('creation.keepAudioHint')}
            checked={offline || keepAudio}
            disabled={offline}
            onChange={(event) => setKeepAudio(event.currentTarget.checked)}
            mt="xs"
          />
        </Stack>
        <FormFailure error={failure} placed={['transcriberProfileId', 'language', 'liveTranscription']} />
        <div>
          <Button type="submit" size="md" leftSection={<IconPlayerRecord size={18} aria-hidden />} loading={create.isPending}>
            {t('creation.start')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
