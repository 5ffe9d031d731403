/** The lifetimes the screens offer for a key, and the expiry date each gives from now. */
import { API_KEY_DEFAULT_DAYS } from '@palabre/shared';

export const EXPIRY_CHOICES = ['30', String(API_KEY_DEFAULT_DAYS), '180', '365', 'never'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const DEFAULT_EXPIRY: ExpiryChoice = String(API_KEY_DEFAULT_DAYS) as ExpiryChoice;

export function expiryDate(choice: string, now = Date.now()): string | null {
  if (choice === 'never') return null;
  return new Date(now + Number(choice) * 86_400_000).toISOString();
}
