/**
 * Backoffice calls for the server's speech models (docs/PRODUCT.md, Backoffice): GET
 * /administration/speech_models, followed every second while the default model downloads, and POST
 * /administration/speech_models/retry after a failure.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type SpeechModels } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { transcriberProfileKeys } from './transcriberProfilesApi.ts';

const speechModelsKey = ['backoffice', 'speechModels'] as const;

export function useSpeechModels() {
  const client = useQueryClient();
  return useQuery({
    queryKey: speechModelsKey,
    queryFn: async () => {
      const previous = client.getQueryData<SpeechModels>(speechModelsKey);
      const models = await call(API.backoffice.speechModels);
      // A finished download may have made a whisper profile the default.
      if (previous?.download?.state === 'downloading' && models.download?.state !== 'downloading') {
        void client.invalidateQueries({ queryKey: transcriberProfileKeys.all });
      }
      return models;
    },
    refetchInterval: (query) => (query.state.data?.download?.state === 'downloading' ? 1000 : false),
  });
}

export function useRetrySpeechModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.backoffice.retrySpeechModel),
    onSuccess: (models) => client.setQueryData(speechModelsKey, models),
  });
}
