/** Notifications for API results, shown by every screen that changes something. */
import { notifications } from '@mantine/notifications';

/** A notification with the server's message (docs/PRODUCT.md, Messages). */
export function notifyError(error: unknown, title?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({ color: 'red', title, message });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}
