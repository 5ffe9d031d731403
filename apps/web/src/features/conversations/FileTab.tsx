/**
 * The file tab of the create page: a drop area for audio or video files (one file per track; several
 * files make several tracks of one media, each with an editable name), then the shared settings.
 */
import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { MAX_AUDIO_FILE_BYTES } from '@palabre/shared';
import { IconFileMusic, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { useTranscriberProfiles } from './api.ts';
import { formatBytes } from './format.ts';
import { MediaSettingsFields, SETTINGS_FIELDS, useMediaSettings, validateSettings } from './MediaSettingsFields.tsx';
import { UploadControls } from './UploadControls.tsx';
import { useCreateMedia } from './useCreateMedia.ts';

/** Audio and video containers the pipeline reads (ffmpeg). */
export const ACCEPTED_MEDIA = {
  'audio/*': ['.wav', '.mp3', '.ogg', '.oga', '.opus', '.flac', '.m4a', '.aac', '.wma', '.webm', '.amr'],
  'video/*': ['.mp4', '.mkv', '.mov', '.avi', '.webm', '.mpeg', '.mpg', '.wmv'],
};
const MAX_TRACKS = 16;

interface Track {
  key: string;
  file: File;
  name: string;
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');
let nextKey = 0;

export function FileTab() {
  const { t } = useTranslation('conversations');
  const [settings, update] = useMediaSettings();
  const [tracks, setTracks] = useState<Track[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof validateSettings>>({});
  const upload = useCreateMedia();
  const { current } = useOrganizationScope();
  const profiles = useTranscriberProfiles(current?._id);
  const sending = upload.state === 'sending';

  const addFiles = (files: File[]) => {
    setRejected(null);
    upload.setError(null);
    const room = MAX_TRACKS - tracks.length;
    const added = files.slice(0, room).map((file) => ({ key: String(nextKey++), file, name: baseName(file.name) }));
    if (files.length > room) setRejected(t('file.tooManyTracks', { count: MAX_TRACKS }));
    if (added.length === 0) return;
    // The name defaults to the first file name without its extension.
    if (tracks.length === 0 && !settings.name.trim()) update({ name: baseName(added[0]!.file.name) });
    setTracks((current) => [...current, ...added]);
  };
  const onReject = (rejections: FileRejection[]) => {
    const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    setRejected(tooBig ? t('errors.tooBig') : t('file.invalidFormat', { names: rejections.map((r) => r.file.name).join(', ') }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(settings, profiles.data);
    setErrors(found);
    if (tracks.length === 0) {
      upload.setError('errors.noFile');
      return;
    }
    if (Object.keys(found).length > 0) {
      upload.setError('errors.checkForm');
      return;
    }
    void upload.send(settings, { kind: 'files', tracks: tracks.map((track) => ({ file: track.file, fileName: track.file.name, name: track.name })) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('tabs.file')}>
      <Stack gap="lg">
        <Dropzone
          onDrop={addFiles}
          onReject={onReject}
          accept={ACCEPTED_MEDIA}
          maxSize={MAX_AUDIO_FILE_BYTES}
          multiple
          disabled={sending}
          aria-label={t('file.dropLabel')}
          // The hidden file input is reachable too (a screen reader lists it): it has the same name.
          inputProps={{ 'aria-label': t('file.dropLabel') }}
          name="file"
        >
          <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={44} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileMusic size={44} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="lg" inline>
                {t('file.dropTitle')}
              </Text>
              <Text size="sm" c="dimmed" mt={7}>
                {t('file.dropHelp')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {(rejected || upload.fields.file) && (
          <Text c="red" size="sm" role="alert">
            {rejected ?? upload.fields.file}
          </Text>
        )}
        {tracks.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('file.tracks')}>
            {tracks.map((track, index) => (
              <Paper component="li" key={track.key} withBorder p="xs" radius="sm">
                <Group wrap="nowrap" align="flex-end">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('file.trackName', { index: index + 1 })}
                    description={`${track.file.name} · ${formatBytes(track.file.size)}`}
                    value={track.name}
                    maxLength={100}
                    disabled={sending}
                    onChange={(e) => {
                      const name = e.currentTarget.value;
                      setTracks((current) => current.map((c) => (c.key === track.key ? { ...c, name } : c)));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    disabled={sending}
                    aria-label={t('file.removeTrack', { name: track.file.name })}
                    onClick={() => setTracks((current) => current.filter((c) => c.key !== track.key))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <MediaSettingsFields settings={settings} update={update} errors={errors} serverErrors={upload.fields} disabled={sending} />
        <UploadControls upload={upload} placed={[...SETTINGS_FIELDS, 'file']} />
      </Stack>
    </form>
  );
}
