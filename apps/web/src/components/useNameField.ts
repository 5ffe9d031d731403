/** A name being typed and its error, which clears as soon as the name changes; `inputProps` wire a TextInput. */
import { requiredText } from '@palabre/shared';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './errorText.ts';

export function useNameField(initial: string, max: number) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.currentTarget.value);
    setError(null);
  };
  const { t } = useTranslation();
  /** The trimmed name when it is not empty (required text; docs/PRODUCT.md, Validation); else shows the error and answers null. */
  const checked = (): string | null => {
    const rule = requiredText(value, { max });
    if (!rule.error) return rule.value;
    setError(errorText(t, rule.error));
    return null;
  };
  return { value, setValue, error, setError, checked, inputProps: { value, error, onChange } };
}
