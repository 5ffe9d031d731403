/**
 * The microphone tab: records in the browser with MediaRecorder (start / stop, elapsed time, input
 * level), then sends the recording (webm or ogg) as a media with the shared settings.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconPointFilled, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { useTranscriberProfiles } from './api.ts';
import { formatBytes, formatTime } from './format.ts';
import { MediaSettingsFields, SETTINGS_FIELDS, useMediaSettings, validateSettings } from './MediaSettingsFields.tsx';
import { UploadControls } from './UploadControls.tsx';
import { useCreateMedia } from './useCreateMedia.ts';

const MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return MIME_CANDIDATES.find((type) => MediaRecorder.isTypeSupported(type));
}

interface Recording {
  blob: Blob;
  url: string;
  seconds: number;
  extension: string;
}

export function MicrophoneTab() {
  const { t, i18n } = useTranslation('conversations');
  const [settings, update] = useMediaSettings();
  const [errors, setErrors] = useState<ReturnType<typeof validateSettings>>({});
  const upload = useCreateMedia();
  const { current } = useOrganizationScope();
  const profiles = useTranscriberProfiles(current?._id);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [micError, setMicError] = useState<string | null>(null);
  const [result, setResult] = useState<Recording | null>(null);
  const session = useRef<{ recorder: MediaRecorder; stream: MediaStream; audio: AudioContext; frame: number; timer: number; started: number } | null>(null);
  const sending = upload.state === 'sending';

  const cleanup = () => {
    const s = session.current;
    if (!s) return;
    cancelAnimationFrame(s.frame);
    clearInterval(s.timer);
    s.stream.getTracks().forEach((track) => track.stop());
    void s.audio.close().catch(() => undefined);
    session.current = null;
  };
  useEffect(() => () => cleanup(), []);
  useEffect(() => () => (result ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const start = async () => {
    setMicError(null);
    upload.setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setMicError(t('microphone.unsupported'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setMicError(t('microphone.noPermission'));
      return;
    }
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const started = performance.now();
    recorder.onstop = () => {
      const type = recorder.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      const seconds = (performance.now() - started) / 1000;
      cleanup();
      setRecording(false);
      setLevel(0);
      setResult({ blob, url: URL.createObjectURL(blob), seconds, extension: type.includes('ogg') ? 'ogg' : 'webm' });
      if (!settings.name.trim()) {
        const stamp = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date());
        update({ name: t('microphone.defaultName', { date: stamp }) });
      }
    };
    // Input level for the meter.
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const buffer = new Uint8Array(analyser.fftSize);
    const tick = () => {
      analyser.getByteTimeDomainData(buffer);
      let peak = 0;
      for (const v of buffer) peak = Math.max(peak, Math.abs(v - 128) / 128);
      setLevel(peak);
      if (session.current) session.current.frame = requestAnimationFrame(tick);
    };
    const timer = window.setInterval(() => setElapsed((performance.now() - started) / 1000), 250);
    session.current = { recorder, stream, audio, frame: 0, timer, started };
    session.current.frame = requestAnimationFrame(tick);
    recorder.start(1000);
    setResult(null);
    setElapsed(0);
    setRecording(true);
  };

  const stop = () => session.current?.recorder.stop();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(settings, profiles.data);
    setErrors(found);
    if (!result) {
      upload.setError('errors.noFile');
      return;
    }
    if (Object.keys(found).length > 0) {
      upload.setError('errors.checkForm');
      return;
    }
    const fileName = `${settings.name.trim().replace(/[^\p{L}\p{N} _-]+/gu, '_') || 'recording'}.${result.extension}`;
    void upload.send(settings, { kind: 'files', tracks: [{ file: result.blob, fileName, name: t('microphone.trackName') }] });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('tabs.microphone')}>
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md" align="center">
            <Group gap="sm" aria-live="polite">
              {recording ? (
                <Badge color="red" variant="filled" leftSection={<IconPointFilled size={12} aria-hidden />}>
                  {t('microphone.recording')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {result ? t('microphone.recorded') : t('microphone.idle')}
                </Badge>
              )}
              <Text ff="monospace" size="lg" aria-label={t('microphone.elapsed')} role="timer">
                {formatTime(recording ? elapsed : (result?.seconds ?? 0))}
              </Text>
            </Group>
            <Progress w="100%" maw={360} value={Math.min(100, level * 140)} color={level > 0.9 ? 'red' : 'teal'} aria-label={t('microphone.level')} transitionDuration={0} />
            <Group>
              {recording ? (
                <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={stop}>
                  {t('microphone.stop')}
                </Button>
              ) : (
                <Button leftSection={<IconMicrophone size={16} />} onClick={() => void start()} disabled={sending} variant={result ? 'default' : 'filled'}>
                  {result ? t('microphone.restart') : t('microphone.start')}
                </Button>
              )}
              {result && !recording && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setResult(null)} disabled={sending}>
                  {t('microphone.discard')}
                </Button>
              )}
            </Group>
            {result && !recording && (
              <Stack gap={4} align="center">
                <audio controls src={result.url} aria-label={t('microphone.preview')} />
                <Text size="xs" c="dimmed">
                  {formatBytes(result.blob.size)}
                </Text>
              </Stack>
            )}
            {micError && (
              <Alert color="red" role="alert" w="100%">
                {micError}
              </Alert>
            )}
          </Stack>
        </Paper>
        <MediaSettingsFields settings={settings} update={update} errors={errors} serverErrors={upload.fields} disabled={sending || recording} />
        <UploadControls upload={upload} placed={SETTINGS_FIELDS} disabled={recording} />
      </Stack>
    </form>
  );
}
