/**
 * Once signed in, the account's language wins over the device's stored one: when the account's
 * locale becomes known or changes, the interface switches to it and stores it on the device.
 * Changes made on this device update the cached account first (see rememberLocale), so they are
 * never undone here.
 */
import { LOCALES, type Locale, type User } from '@palabre/shared';
import { useEffect } from 'react';
import { queryKeys, useMe } from '../api/queries.ts';
import { queryClient } from '../app/queryClient.ts';
import { currentLocale, setLocale } from './index.ts';

const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export function useAccountLocale(): void {
  const accountLocale = useMe().data?.locale;
  useEffect(() => {
    if (isLocale(accountLocale) && accountLocale !== currentLocale()) void setLocale(accountLocale);
  }, [accountLocale]);
}

/** Switches the interface and the cached account together, before the server is told. */
export function rememberLocale(locale: Locale): void {
  void setLocale(locale);
  queryClient.setQueryData<User>(queryKeys.me, (user) => (user ? { ...user, locale } : user));
}
