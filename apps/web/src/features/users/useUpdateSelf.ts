/** PUT /users/self with the shared success/error handling of the settings screen. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { notifySuccess } from '../../components/notify.ts';

export type SelfPatch = Partial<Pick<User, 'firstname' | 'lastname' | 'email' | 'private' | 'locale' | 'role'>> & {
  emailNotifications?: Partial<User['emailNotifications']>;
  /** Asked for when the address changes on an account with a password. */
  currentPassword?: string;
};

export function useUpdateSelf() {
  const client = useQueryClient();
  const { t } = useTranslation('settings');
  return useMutation({
    mutationFn: (patch: SelfPatch) => api.put<User>('/users/self', patch),
    onSuccess: async (user) => {
      client.setQueryData(queryKeys.me, user);
      await client.invalidateQueries({ queryKey: queryKeys.me });
      notifySuccess(t('saved'));
    },
  });
}
