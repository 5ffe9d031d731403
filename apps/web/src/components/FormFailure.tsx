/**
 * The message of a form that could not be sent, above or below its fields; nothing when there is
 * none. Given the failed call's error, it says what the server said, translated: the reason of a
 * refusal without a field, or the error code's message; field errors belong under their fields
 * (see useApiErrors), and those the form has no place for are listed here.
 */
import { Alert, List } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { apiErrorMessage, apiFieldText, WHOLE_REQUEST } from './errorText.ts';

export interface ApiErrors {
  /** Translated field errors of a failed call (field → message); empty for other failures. */
  fields(error: unknown): Record<string, string>;
  /** A translated general message naming the reason of a failed call. */
  message(error: unknown): string;
}

/** Translates what the server answered: `error.*` field keys (common namespace) and error codes. */
export function useApiErrors(): ApiErrors {
  const { t } = useTranslation('common');
  return {
    fields(error) {
      if (!(error instanceof ApiError)) return {};
      return Object.fromEntries(
        Object.entries(error.fields)
          .filter(([field]) => field !== WHOLE_REQUEST)
          .map(([field, key]) => [field, apiFieldText(t, key)]),
      );
    },
    message: (error) => apiErrorMessage(t, error),
  };
}

export function FormFailure({
  message,
  error,
  placed,
  children,
}: {
  message?: string | null | undefined;
  /** A failed call: its general message is shown when `message` is not given. */
  error?: unknown;
  /** Fields the form shows under their inputs; the other field errors of `error` are listed here. */
  placed?: readonly string[];
  children?: ReactNode;
}) {
  const errors = useApiErrors();
  if (!message && !error) return null;
  const unplaced = placed ? Object.entries(errors.fields(error)).filter(([field]) => !placed.includes(field)) : [];
  return (
    <Alert color="red" role="alert">
      {message || errors.message(error)}
      {unplaced.length > 0 && (
        <List size="sm" mt={4}>
          {unplaced.map(([field, text]) => (
            <List.Item key={field}>{text}</List.Item>
          ))}
        </List>
      )}
      {children}
    </Alert>
  );
}
