/** Profile picture: preview, upload (PUT /users/self/picture, field "picture") and removal. */
import { Avatar, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@palabre/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { removePicture, setPicture } from './api.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

export function PictureSection({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common']);
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const apiErrors = useApiErrors();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const done = async (updated: User, message: string) => {
    client.setQueryData(queryKeys.me, updated);
    await client.invalidateQueries({ queryKey: queryKeys.me });
    setFile(null);
    setError(null);
    notifySuccess(message);
  };
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'payload_too_large') return setError(t('settings:picture.tooBig'));
    // The server's reason, translated: under the picture when it names it, else in general.
    setError(apiErrors.fields(err).picture ?? apiErrors.message(err));
  };

  const upload = useMutation({
    mutationFn: (picture: File) => {
      setProgress(0);
      return setPicture(picture, setProgress);
    },
    onSuccess: (updated) => done(updated, t('settings:picture.updated')),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: removePicture,
    onSuccess: (updated) => done(updated, t('settings:picture.removed')),
    onError: failed,
  });

  const choose = (picked: File | null) => {
    setError(null);
    if (picked && picked.size > MAX_BYTES) {
      setFile(null);
      return setError(t('settings:picture.tooBig'));
    }
    setFile(picked);
  };
  const initials = `${user.firstname[0] ?? ''}${user.lastname[0] ?? ''}`.toUpperCase();

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="picture-title">
      <Stack>
        <Title order={2} size="h3" id="picture-title">
          {t('settings:picture.title')}
        </Title>
        <Group align="center" gap="lg">
          <Avatar src={preview ?? user.picture} size={96} radius={96} alt={t('settings:picture.alt')} color="initials" name={initials}>
            {initials}
          </Avatar>
          <Stack gap="xs">
            <Group gap="xs">
              <FileButton onChange={choose} accept={ACCEPT}>
                {(props) => (
                  <Button variant="default" {...props} disabled={upload.isPending}>
                    {t('settings:picture.choose')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <>
                  <Button onClick={() => upload.mutate(file)} loading={upload.isPending}>
                    {t('settings:picture.upload')}
                  </Button>
                  <Button variant="subtle" onClick={() => choose(null)} disabled={upload.isPending}>
                    {t('common:actions.cancel')}
                  </Button>
                </>
              )}
              {!file && user.picture && (
                <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                  {t('settings:picture.remove')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {file ? file.name : t('settings:picture.hint')}
            </Text>
            {upload.isPending && <Progress value={progress * 100} size="sm" aria-label={t('settings:picture.uploading')} />}
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
