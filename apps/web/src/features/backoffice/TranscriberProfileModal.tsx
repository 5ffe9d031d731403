/** "Create profile": the transcriber profile form in a modal (POST /transcriber_profiles). */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TranscriberProfileForm } from './TranscriberProfileForm.tsx';

export function TranscriberProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <Modal opened={opened} onClose={onClose} title={t('transcriberProfiles.create')} centered size="lg">
      {/* Mounted while open only, so every opening starts from an empty form. */}
      {opened && <TranscriberProfileForm onSaved={onClose} onCancel={onClose} />}
    </Modal>
  );
}
