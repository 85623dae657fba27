import { useEffect, useState } from 'react';

interface VersionedStore {
  readonly version: number;
  subscribe(listener: () => void): () => void;
}

/**
 * The store's version, re-read at most once per `intervalMs`: a burst of live positions re-renders the page once,
 * not once per position.
 */
export function useThrottledVersion(store: VersionedStore, intervalMs: number): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const onChange = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          setVersion(store.version);
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
