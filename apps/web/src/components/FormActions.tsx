/** A form's closing buttons: Cancel when the form can be left (disabled while it is submitted) and the submit button (loading meanwhile). */
import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps extends Omit<GroupProps, 'children'> {
  submitLabel: string;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}

export function FormActions({ submitLabel, pending, onCancel, ...group }: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" {...group}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
