import { useEffect, useRef, useState } from 'react';

interface VersionedStore {
  readonly version: number;
  subscribe(listener: () => void): () => void;
}

/**
 * The store's version, re-read at most once per `intervalMs`: a burst of live positions re-renders the page once,
 * not once per position. Only a new version counts as a render: the first data after the page appears (the
 * snapshot) is shown at once, not an interval after the check made when subscribing.
 */
export function useThrottledVersion(store: VersionedStore, intervalMs: number): number {
  const [version, setVersion] = useState(store.version);
  const rendered = useRef(version);
  rendered.current = version;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    let shown = rendered.current;
    const onChange = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          if (store.version === shown) return;
          shown = store.version;
          last = Date.now();
          setVersion(shown);
        },
        Math.max(0, last + intervalMs - Date.now()),
      );
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
