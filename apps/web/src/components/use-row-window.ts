import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The rows of a scrolled box of fixed-height rows to render: the ones in view and `overscan` on each side (ten
 * thousand MSISDNs on the Monitor, a thousand employees × 31 days on the attendance sheet stay cheap). The box is
 * measured as it resizes and as it scrolls. Before the box has a size (and in tests, where
 * nothing has one) its height is `fallbackHeight`. A shorter list (filters) never leaves the view past its end.
 */
export function useRowWindow<E extends HTMLElement = HTMLDivElement>({
  count,
  rowHeight,
  overscan,
  fallbackHeight,
}: {
  count: number;
  rowHeight: number;
  overscan: number;
  fallbackHeight: number;
}) {
  const ref = useRef<E | null>(null);
  const [view, setView] = useState({ top: 0, height: fallbackHeight });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setView({ top: el.scrollTop, height: el.clientHeight || fallbackHeight });
  }, [fallbackHeight]);
  // Browsers fire scroll events at most once a frame: each one re-measures at once.
  const onScroll = measure;
  useEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  const top = Math.min(view.top, Math.max(0, count * rowHeight - view.height));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((top + view.height) / rowHeight) + overscan);
  return { ref, onScroll, first, last };
}
