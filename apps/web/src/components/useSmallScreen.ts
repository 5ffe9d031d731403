/** True when the window's smaller side is under the mobile threshold (500 px; docs/PRODUCT.md, Limits). */
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
