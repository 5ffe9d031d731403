/** A form's closing buttons: Cancel (disabled while the form is submitted) and the submit button (loading meanwhile). */
import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps extends Omit<GroupProps, 'children'> {
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
}

export function FormActions({ submitLabel, pending, onCancel, ...group }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
