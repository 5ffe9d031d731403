/**
 * Keeps the screen awake while `active` (Screen Wake Lock API): a recording phone must not go to
 * sleep. The browser releases the lock when the page is hidden; it is asked again once the page is
 * visible. Released when no longer active or when the component goes. Browsers without the API, or
 * that refuse it (battery saver), simply let the screen sleep.
 */
import { useEffect } from 'react';

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let gone = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (gone) void next.release();
        else lock = next;
      } catch {
        // Refused (hidden page, battery saver, policy): the screen may sleep.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release().catch(() => undefined);
      lock = null;
    };
  }, [active]);
}
