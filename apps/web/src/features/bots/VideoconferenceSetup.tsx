/**
 * The videoconference step of a quick meeting (docs/meetings.md): the meeting's address (checked as it
 * is typed), the transcriber profile and spoken language, the captions' language (a quick meeting's
 * channel is not translated: the spoken one) and whether they are shown in the call. Start creates the
 * quick meeting, then sends its bot into the call on the meeting's channel. A bot refused after the
 * meeting started is sent again on the same meeting.
 */
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import type { QuickMeeting } from '@palabre/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormFailure, useApiErrors } from '../../components/FormFailure.tsx';
import { paths } from '../../routes/paths.ts';
import { useTranscriberProfiles } from '../conversations/api.ts';
import { useLanguageName } from '../sessions/format.ts';
import { useCreateQuickMeeting } from '../quickMeeting/api.ts';
import { createBot } from './api.ts';
import { CaptionFields, MeetingUrlField } from './BotFields.tsx';
import { meetingUrlState, setupChoices } from './status.ts';

export interface VideoconferenceSetupProps {
  organizationId: string;
  /** Called once the meeting is created and its bot sent. */
  onStarted: (meeting: QuickMeeting) => void;
}

/** The fields the server's answers are shown under. */
const PLACED = ['url', 'transcriberProfileId', 'language', 'subtitleLanguage', 'displaySubtitles'] as const;

export function VideoconferenceSetup({ organizationId, onStarted }: VideoconferenceSetupProps) {
  const { t } = useTranslation(['bots', 'common']);
  const languageName = useLanguageName({ standalone: true });
  const apiErrors = useApiErrors();
  const profiles = useTranscriberProfiles(organizationId);
  const createMeeting = useCreateQuickMeeting(organizationId);

  const [url, setUrl] = useState('');
  const [chosenProfile, setProfile] = useState<string | null>(null);
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const [displaySubtitles, setDisplaySubtitles] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  /** The meeting already started when its bot was refused: the bot is sent again on it. */
  const [started, setStarted] = useState<QuickMeeting | null>(null);

  const { profiles: offered, profile, languages, language, subtitleLanguages } = setupChoices(profiles.data ?? [], { profileId: chosenProfile, language: chosenLanguage });
  // The meeting's channel is not translated: its captions are in the spoken language.
  const subtitleLanguage = language;

  /** An edit clears the server's word on that field. */
  const edited = (field: string) => setServerErrors(({ [field]: _gone, ...rest }) => rest);

  const refused = (error: unknown) => {
    const fields = apiErrors.fields(error);
    setServerErrors(fields);
    setFailure(error);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (meetingUrlState(url).kind !== 'valid' || !profile || !language || !subtitleLanguage) return;
    setSending(true);
    try {
      let meeting = started;
      if (!meeting) {
        try {
          meeting = await createMeeting.mutateAsync({
            transcriberProfileId: profile._id,
            language,
            liveTranscription: true,
            offlineTranscription: false,
            source: 'videoconference',
          });
        } catch (error) {
          refused(error);
          return;
        }
        setStarted(meeting);
      }
      const channel = meeting.channels[0];
      if (!channel) return;
      try {
        await createBot(organizationId, { channelId: channel._id, url: url.trim(), subtitleLanguage, displaySubtitles });
      } catch (error) {
        refused(error);
        return;
      }
      onStarted(meeting);
    } finally {
      setSending(false);
    }
  };

  const inProgress = failure instanceof ApiError && failure.code === 'quick_meeting_in_progress';
  const locked = sending || started !== null;

  if (profiles.data && offered.length === 0) {
    return (
      <Alert color="orange" title={t('setup.noProfile')} role="alert">
        {t('setup.noProfileHelp')}
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('setup.title')}>
      <Stack gap="md">
        <MeetingUrlField
          value={url}
          onChange={(value) => {
            setUrl(value);
            edited('url');
          }}
          serverError={serverErrors.url}
          submitted={submitted}
          disabled={sending}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.profile')}
            required
            placeholder={profiles.isPending ? t('common:app.loading') : undefined}
            data={offered.map((p) => ({ value: p._id, label: p.name }))}
            value={profile?._id ?? null}
            onChange={(value) => {
              setProfile(value);
              edited('transcriberProfileId');
            }}
            description={profile?.description || undefined}
            error={serverErrors.transcriberProfileId}
            allowDeselect={false}
            disabled={locked}
          />
          <Select
            label={t('fields.language')}
            required
            data={languages.map((code) => ({ value: code, label: languageName(code) }))}
            value={language}
            onChange={(value) => {
              setLanguage(value);
              edited('language');
            }}
            error={serverErrors.language}
            allowDeselect={false}
            disabled={locked || languages.length < 2}
          />
        </SimpleGrid>
        <CaptionFields
          languages={subtitleLanguages}
          subtitleLanguage={subtitleLanguage}
          onSubtitleLanguage={() => edited('subtitleLanguage')}
          displaySubtitles={displaySubtitles}
          onDisplaySubtitles={setDisplaySubtitles}
          serverErrors={serverErrors}
          disabled={sending}
        />
        {/* A started meeting's refused bot is explained below; its field errors are under the fields. */}
        {failure !== null && !(started && Object.keys(serverErrors).length > 0) && (
          <FormFailure error={failure} placed={PLACED} message={Object.keys(serverErrors).length > 0 ? t('setup.failed') : undefined}>
            {inProgress && (
              <Anchor component={Link} to={`${paths.quickSession(organizationId)}?recover=true`} size="sm" display="block" mt={4}>
                {t('setup.openInProgress')}
              </Anchor>
            )}
          </FormFailure>
        )}
        {started && failure !== null && (
          <Alert color="yellow" role="status">
            {t('setup.botRefused')}
          </Alert>
        )}
        <Group justify="flex-end">
          {started && (
            <Button variant="default" onClick={() => onStarted(started)} disabled={sending}>
              {t('setup.withoutBot')}
            </Button>
          )}
          <Button type="submit" loading={sending} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
            {started ? t('setup.sendAgain') : t('setup.start')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
