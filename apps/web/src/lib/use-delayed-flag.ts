import { useEffect, useState } from 'react';
import { LOADER_DELAY_MS } from '@lbs/contracts';

/** true once `active` has stayed true for `delay` ms: quick work never flashes a loader (SPEC §9, 300 ms). */
export function useDelayedFlag(active: boolean, delay: number = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && shown;
}
