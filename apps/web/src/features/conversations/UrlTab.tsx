/** The URL tab: the server downloads a media from a public URL, with the shared settings. */
import { Stack, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { useTranscriberProfiles } from './api.ts';
import { MediaSettingsFields, SETTINGS_FIELDS, useMediaSettings, validateSettings } from './MediaSettingsFields.tsx';
import { UploadControls } from './UploadControls.tsx';
import { useCreateMedia } from './useCreateMedia.ts';

/** An http(s) URL with a host. */
export function isValidMediaUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A name from the URL's last path segment. */
function nameFromUrl(value: string): string {
  try {
    const last = decodeURIComponent(new URL(value.trim()).pathname.split('/').filter(Boolean).pop() ?? '');
    return last.replace(/\.[^.]+$/, '');
  } catch {
    return '';
  }
}

export function UrlTab() {
  const { t } = useTranslation(['conversations', 'common']);
  const [settings, update] = useMediaSettings();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof validateSettings>>({});
  const upload = useCreateMedia();
  const { current } = useOrganizationScope();
  const profiles = useTranscriberProfiles(current?._id);
  const sending = upload.state === 'sending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(settings, profiles.data);
    setErrors(found);
    const urlOk = isValidMediaUrl(url);
    setUrlError(url.trim() === '' ? t('common:error.required') : urlOk ? null : t('url.invalid'));
    if (!urlOk || Object.keys(found).length > 0) {
      upload.setError('errors.checkForm');
      return;
    }
    void upload.send(settings, { kind: 'url', url });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('tabs.url')}>
      <Stack gap="lg">
        <TextInput
          type="url"
          label={t('url.label')}
          description={t('url.help')}
          placeholder="https://example.org/recording.mp3"
          leftSection={<IconLink size={16} aria-hidden />}
          required
          value={url}
          error={urlError ?? upload.fields.url}
          disabled={sending}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setUrl(value);
            setUrlError(null);
          }}
          onBlur={() => {
            if (url.trim() && !isValidMediaUrl(url)) setUrlError(t('url.invalid'));
            else if (url.trim() && !settings.name.trim()) update({ name: nameFromUrl(url) });
          }}
        />
        <MediaSettingsFields settings={settings} update={update} errors={errors} serverErrors={upload.fields} disabled={sending} />
        <UploadControls upload={upload} placed={[...SETTINGS_FIELDS, 'url']} />
      </Stack>
    </form>
  );
}
