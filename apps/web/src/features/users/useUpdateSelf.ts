/** PUT /users/self with the shared success/error handling of the settings screen. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queries.ts';
import { notifySuccess } from '../../components/notify.ts';

import { updateSelf, type SelfPatch } from './api.ts';

export type { SelfPatch } from './api.ts';

export function useUpdateSelf() {
  const client = useQueryClient();
  const { t } = useTranslation('settings');
  return useMutation({
    mutationFn: (patch: SelfPatch) => updateSelf(patch),
    onSuccess: async (user) => {
      client.setQueryData(queryKeys.me, user);
      await client.invalidateQueries({ queryKey: queryKeys.me });
      notifySuccess(t('saved'));
    },
  });
}
