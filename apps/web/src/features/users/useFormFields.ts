/**
 * Text fields of a form held together: their values, their errors (translated messages, shown under
 * the inputs) and the errors of a failed call, which go under the fields they name or, when they name
 * none, into a notification.
 */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { fieldErrors } from '../../components/errorText.ts';
import { notifyError } from '../../components/notify.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string | null>>;

/** A server error code that belongs under one field, with the message to show there. */
export interface FieldConflict<F extends string> {
  code: string;
  field: F;
  message: string;
}

export function useFormFields<F extends string>(empty: Record<F, string>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const reset = () => {
    setValues(empty);
    setErrors({});
  };

  /** Value, error and change handler of a Mantine text input. */
  const bind = (name: F) => ({
    value: values[name],
    error: errors[name] ?? undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  /** A failed call: its conflict or its field errors under the fields, else a notification titled `title`. */
  const showError = (error: unknown, title: string, conflict?: FieldConflict<F>) => {
    if (conflict && error instanceof ApiError && error.code === conflict.code) {
      return setErrors({ [conflict.field]: conflict.message } as FieldErrors<F>);
    }
    const fields = fieldErrors(t, error);
    if (Object.keys(fields).length) return setErrors(fields as FieldErrors<F>);
    notifyError(error, title);
  };

  return { values, errors, setErrors, reset, bind, showError };
}
