import { useEffect, useRef, useState } from 'react';

interface VersionedStore {
  readonly version: number;
  /**
   * Moves when the data reaches a stage worth showing at once (the snapshot, the whole directory): such a change is
   * rendered without waiting for the interval.
   */
  readonly milestone?: number;
  subscribe(listener: () => void): () => void;
}

/**
 * The store's version, re-read at most once per `intervalMs`: a burst of live positions re-renders the page once,
 * not once per position. Only a new version counts as a render: the first data after the page appears (the
 * snapshot) is shown at once, not an interval after the check made when subscribing; so is a new milestone (the
 * directory complete), not up to an interval after the render before it.
 */
export function useThrottledVersion(store: VersionedStore, intervalMs: number): number {
  const [version, setVersion] = useState(store.version);
  const rendered = useRef(version);
  rendered.current = version;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    let shown = rendered.current;
    let shownMilestone = store.milestone;
    /** The pending timer shows a milestone (due at once: later changes join it rather than push it back). */
    let urgent = false;
    const show = () => {
      timer = undefined;
      urgent = false;
      if (store.version === shown) return;
      shown = store.version;
      shownMilestone = store.milestone;
      last = Date.now();
      setVersion(shown);
    };
    const onChange = () => {
      if (urgent) return;
      if (store.milestone !== shownMilestone) {
        clearTimeout(timer);
        urgent = true;
        timer = setTimeout(show, 0);
      } else if (!timer) timer = setTimeout(show, Math.max(0, last + intervalMs - Date.now()));
    };
    const unsubscribe = store.subscribe(onChange);
    onChange();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, intervalMs]);
  return version;
}

/** Date.now(), refreshed every `intervalMs` (freshness turns stale without any new data). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
