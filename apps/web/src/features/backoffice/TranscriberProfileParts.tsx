/** Small pieces of the transcriber profile screens: labels and the delete confirmation. */
import { Text } from '@mantine/core';
import type { TranscriberProfile } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useDeleteTranscriberProfiles } from './transcriberProfilesApi.ts';

export function useProfileLabels() {
  const { t } = useTranslation('backoffice');
  return {
    type: (type: TranscriberProfile['type']) => t(`transcriberProfiles.types.${type}`),
    languages: (languages: string[]) => languages.map((lang) => (lang === 'en' || lang === 'fr' ? t(`transcriberProfiles.language.${lang}`) : lang)).join(', '),
  };
}

interface DeleteProfilesModalProps {
  /** The profiles to delete; the modal is closed when empty. */
  profiles: TranscriberProfile[];
  onClose: () => void;
  onDeleted?: (ids: string[]) => void;
}

/** Confirms, then deletes one profile or several (one DELETE each) and says how many failed (docs/PRODUCT.md, Messages). */
export function DeleteProfilesModal({ profiles, onClose, onDeleted }: DeleteProfilesModalProps) {
  const { t } = useTranslation(['backoffice', 'common']);
  const remove = useDeleteTranscriberProfiles();
  const single = profiles.length === 1 ? profiles[0] : undefined;

  const confirm = () => {
    const ids = profiles.map((p) => p._id);
    remove.mutate(ids, {
      onSuccess: ({ deleted, failed, firstError }) => {
        if (failed.length === 0) {
          notifySuccess(single ? t('backoffice:transcriberProfiles.deleted', { name: single.name }) : t('backoffice:transcriberProfiles.bulkDeleted', { count: deleted }));
        } else if (single) {
          notifyError(firstError, t('backoffice:transcriberProfiles.deleteError'));
        } else {
          notifyError(firstError, t('backoffice:transcriberProfiles.bulkDeleteError', { count: failed.length, total: ids.length }));
        }
        onDeleted?.(ids.filter((id) => !failed.includes(id)));
        onClose();
      },
    });
  };

  return (
    <ConfirmDelete
      opened={profiles.length > 0}
      title={single ? t('backoffice:transcriberProfiles.deleteTitle') : t('backoffice:transcriberProfiles.bulkDeleteTitle', { count: profiles.length })}
      message={
        single ? t('backoffice:transcriberProfiles.deleteConfirm', { name: single.name }) : t('backoffice:transcriberProfiles.bulkDeleteConfirm', { count: profiles.length })
      }
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {!single && (
        <Text size="sm" c="dimmed" component="ul" m={0}>
          {profiles.map((p) => (
            <li key={p._id}>{p.name}</li>
          ))}
        </Text>
      )}
    </ConfirmDelete>
  );
}
