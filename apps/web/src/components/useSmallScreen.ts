/** True when the window's smaller side is under the mobile threshold (spec §9: 500 px). */
import { MOBILE_THRESHOLD_PX } from '@palabre/shared';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const isSmall = () => Math.min(window.innerWidth, window.innerHeight) < MOBILE_THRESHOLD_PX;

export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmall, () => false);
}
