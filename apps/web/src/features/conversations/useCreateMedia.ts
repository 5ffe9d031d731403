/**
 * Sending a new media: the upload button states (docs/PRODUCT.md, States: create → sending → retry on failure),
 * the upload progress, the messages of docs/PRODUCT.md (Messages), and on success the media's status page. A refused
 * upload keeps the server's answer (`failure`): its field errors go under the fields.
 */
import { MAX_AUDIO_FILE_BYTES } from '@palabre/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { paths } from '../../routes/paths.ts';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { buildCreateForm, conversationKeys, createConversation, creationErrorKey, type MediaSettings, type MediaSource } from './api.ts';

export type UploadState = 'create' | 'sending' | 'retry';

export function useCreateMedia() {
  const { current } = useOrganizationScope();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [state, setState] = useState<UploadState>('create');
  const [progress, setProgress] = useState(0);
  /** An i18n key of the conversations namespace. */
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const apiErrors = useApiErrors();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (settings: MediaSettings, source: MediaSource) => {
    if (!current) return;
    setError(null);
    setFailure(null);
    if (source.kind === 'files') {
      if (source.tracks.length === 0) {
        setError('errors.noFile');
        setState('retry');
        return;
      }
      // The 1 GB limit (docs/PRODUCT.md, Validation and Limits) is checked before sending anything.
      const total = source.tracks.reduce((sum, track) => sum + track.file.size, 0);
      if (source.tracks.some((track) => track.file.size > MAX_AUDIO_FILE_BYTES) || total > MAX_AUDIO_FILE_BYTES) {
        setError('errors.tooBig');
        setState('retry');
        return;
      }
    }
    setState('sending');
    setProgress(0);
    abort.current = new AbortController();
    try {
      const result = await createConversation(current._id, buildCreateForm(settings, source), setProgress, abort.current.signal);
      void client.invalidateQueries({ queryKey: conversationKeys.all });
      void navigate(paths.conversation(result.conversationId));
    } catch (failure) {
      if (abort.current?.signal.aborted) return;
      setError(creationErrorKey(failure));
      setFailure(failure);
      setState('retry');
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setState('create');
    setProgress(0);
  };

  const fields = apiErrors.fields(failure);
  /** The reason, when the server named one the product's message does not say. */
  const reason = failure && error === 'errors.checkForm' && Object.keys(fields).length === 0 ? apiErrors.message(failure) : null;
  const showError = (key: string | null) => {
    setFailure(null);
    setError(key);
  };

  return { state, progress, error, reason, fields, send, cancel, setError: showError };
}

export type CreateMedia = ReturnType<typeof useCreateMedia>;
