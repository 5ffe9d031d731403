/** The message of a form that could not be sent, above its fields; nothing when there is none. */
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormFailure({ message, children }: { message: string | null | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
      {children}
    </Alert>
  );
}
