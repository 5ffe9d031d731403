/** The lifetime of a key: a few durations, 90 days first, or never. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPIRY_CHOICES } from './expiry.ts';

export function ExpirySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('apiKeys');
  const data = EXPIRY_CHOICES.map((choice) => ({ value: choice, label: choice === 'never' ? t('expiry.never') : t('expiry.days', { count: Number(choice) }) }));
  return <Select label={t('fields.expiry')} data={data} value={value} onChange={(next) => next && onChange(next)} allowDeselect={false} />;
}
