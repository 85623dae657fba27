import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Rows rendered above and below the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 6;

/**
 * A list of fixed-height rows that renders only the rows in view (ten thousand MSISDNs stay cheap): a tall inner
 * box keeps the scrollbar honest and the visible slice is placed absolutely inside it.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  scrollToIndex,
  label,
  fallbackHeight = 480,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  /** Brought into view when it changes (e.g. the item selected on the map). */
  scrollToIndex?: number | undefined;
  label: string;
  /** Height used before the box is measured (and in tests, where nothing has a size). */
  fallbackHeight?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(fallbackHeight);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || fallbackHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallbackHeight]);

  useEffect(() => {
    const element = ref.current;
    if (!element || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2 + rowHeight / 2);
    }
  }, [scrollToIndex, rowHeight]);

  // A shorter list (filters) must not leave the view scrolled past its end.
  const maxTop = Math.max(0, count * rowHeight - height);
  const top = Math.min(scrollTop, maxTop);
  const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <Box
        component="li"
        key={i}
        aria-setsize={count}
        aria-posinset={i + 1}
        sx={{
          position: 'absolute',
          insetInlineStart: 0,
          insetInlineEnd: 0,
          top: i * rowHeight,
          height: rowHeight,
          listStyle: 'none',
        }}
      >
        {renderRow(i)}
      </Box>,
    );
  }

  return (
    <Box
      ref={ref}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
    >
      <Box
        component="ul"
        aria-label={label}
        sx={{ m: 0, p: 0, height: count * rowHeight, position: 'relative' }}
      >
        {rows}
      </Box>
    </Box>
  );
}
