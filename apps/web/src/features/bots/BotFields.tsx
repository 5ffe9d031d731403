/**
 * The fields every bot form shares: the meeting's address, checked as it is typed (the service it
 * belongs to named, an address that is not a meeting's refused in the product's words), the captions'
 * language and whether they are shown in the call.
 */
import { Badge, Select, Switch, TextInput } from '@mantine/core';
import { BOT_LIMITS } from '@palabre/shared';
import { IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../sessions/format.ts';
import { meetingUrlState, serviceKey } from './status.ts';

interface MeetingUrlFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's word on the address, translated; it goes once the address is edited. */
  serverError?: string | undefined;
  /** Set once the form was sent: an invalid address is said so even if the field was never left. */
  submitted: boolean;
  disabled?: boolean;
}

export function MeetingUrlField({ value, onChange, serverError, submitted, disabled }: MeetingUrlFieldProps) {
  const { t } = useTranslation(['bots', 'common']);
  // Judged as typed once the address looks finished: left, pasted, or the form sent.
  const [touched, setTouched] = useState(false);
  const state = meetingUrlState(value);
  const shown = touched || submitted;
  const error =
    serverError ??
    (shown && state.kind === 'invalid' ? t('common:error.invalid_videoconference_url') : shown && state.kind === 'empty' && submitted ? t('common:error.required') : null);
  return (
    <TextInput
      type="url"
      label={t('url.label')}
      // The service is named as soon as the address is recognised, and read out when it changes.
      description={
        <span aria-live="polite">
          {state.kind === 'valid' ? (
            <>
              {t('url.recognised')}{' '}
              <Badge component="span" variant="light" color="teal" size="sm" data-testid="meeting-service">
                {t(serviceKey(state.service))}
              </Badge>
            </>
          ) : (
            t('url.help')
          )}
        </span>
      }
      placeholder="https://meet.jit.si/…"
      leftSection={<IconVideo size={16} aria-hidden />}
      required
      value={value}
      maxLength={BOT_LIMITS.url}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => setTouched(value.trim() !== '')}
      onPaste={() => setTouched(true)}
      error={error}
      disabled={disabled}
    />
  );
}

interface CaptionFieldsProps {
  languages: string[];
  subtitleLanguage: string | null;
  onSubtitleLanguage: (language: string) => void;
  displaySubtitles: boolean;
  onDisplaySubtitles: (shown: boolean) => void;
  serverErrors: Record<string, string>;
  disabled?: boolean;
}

export function CaptionFields({ languages, subtitleLanguage, onSubtitleLanguage, displaySubtitles, onDisplaySubtitles, serverErrors, disabled }: CaptionFieldsProps) {
  const { t } = useTranslation('bots');
  const languageName = useLanguageName({ standalone: true });
  return (
    <>
      <Select
        label={t('fields.subtitleLanguage')}
        description={t('fields.subtitleLanguageHelp')}
        required
        data={languages.map((code) => ({ value: code, label: languageName(code) }))}
        value={subtitleLanguage}
        onChange={(value) => value && onSubtitleLanguage(value)}
        allowDeselect={false}
        error={serverErrors.subtitleLanguage}
        disabled={disabled || languages.length < 2}
      />
      <Switch
        label={t('fields.displaySubtitles')}
        description={t('fields.displaySubtitlesHelp')}
        checked={displaySubtitles}
        onChange={(event) => onDisplaySubtitles(event.currentTarget.checked)}
        error={serverErrors.displaySubtitles}
        disabled={disabled}
      />
    </>
  );
}
