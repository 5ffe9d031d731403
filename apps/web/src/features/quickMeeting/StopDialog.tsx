/** The dialog that ends a meeting from the microphone or live step: save under a name, discard, or cancel. */
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EndMeetingForm, type EndMeetingFormProps } from './EndMeetingForm.tsx';

export function StopDialog({ opened, onClose, ...form }: Omit<EndMeetingFormProps, 'onCancel'> & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('quickMeeting');
  return (
    <Modal opened={opened} onClose={onClose} title={t('end.title')} centered>
      <EndMeetingForm {...form} onCancel={onClose} />
    </Modal>
  );
}
