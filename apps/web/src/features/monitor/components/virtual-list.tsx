import { useEffect, type ReactNode } from 'react';
import { useRowWindow } from '../../../components/use-row-window.ts';
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
  const { ref, onScroll, first, last } = useRowWindow({
    count,
    rowHeight,
    overscan: OVERSCAN,
    fallbackHeight,
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || scrollToIndex === undefined || scrollToIndex < 0) return;
    const top = scrollToIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2 + rowHeight / 2);
    }
  }, [scrollToIndex, rowHeight]);

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
      onScroll={onScroll}
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
