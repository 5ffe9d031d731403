/**
 * The session form's errors: the contract's checks made before sending (`error.*` keys) and the
 * server's answer (its field errors; an alias already used shown on the alias field), translated.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useApiErrors } from '../../components/FormFailure.tsx';
import { errorsAfterChange, type FieldErrors, type SessionForm } from './form.ts';

export function useSessionFormErrors() {
  const { t } = useTranslation('common');
  const apiErrors = useApiErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    clear: () => setErrors({}),
    /** The form changed: the errors of the fields that changed go (a filled field no longer says it is required). */
    changed: (before: SessionForm, after: SessionForm) => setErrors((previous) => errorsAfterChange(previous, before, after)),
    /** The contract's verdict; true when the form may be sent. */
    check(fields: FieldErrors): boolean {
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(key, { defaultValue: t('error.invalid') })])));
      return Object.keys(fields).length === 0;
    },
    /** A refused call: its field errors under their fields; whether anything was placed. */
    failed(error: unknown, aliasField = 'alias'): boolean {
      const fields = error instanceof ApiError && error.code === 'session_alias_exists' ? { [aliasField]: t('apiError.session_alias_exists') } : apiErrors.fields(error);
      setErrors(fields);
      return Object.keys(fields).length > 0;
    },
  };
}
