import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useRowWindow } from '../../../components/use-row-window.ts';
import Box from '@mui/material/Box';

/** Rows rendered above and below the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 6;

/** The row of an element inside the list (its `aria-posinset` − 1), or null. */
function rowOf(element: EventTarget): number | null {
  const item = element instanceof Element ? element.closest('li[aria-posinset]') : null;
  return item ? Number(item.getAttribute('aria-posinset')) - 1 : null;
}

/**
 * A list of fixed-height rows that renders only the rows in view (ten thousand MSISDNs stay cheap): a tall inner
 * box keeps the scrollbar honest and the visible slice is placed absolutely inside it.
 *
 * For the keyboard the list is one stop of the Tab order (roving tabindex): the row last focused or selected takes
 * the focus (`tabIndex` 0, every other row −1), and the arrow keys, Home, End, Page Up and Page Down move it from row
 * to row, scrolling as they go. Tabbing through ten thousand rows to reach the map or the selected row's details
 * was no way to work.
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
  /** A row's content; its focusable control takes `tabIndex`. */
  renderRow: (index: number, tabIndex: 0 | -1) => ReactNode;
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
  const [active, setActive] = useState(0);
  /** A row the keys moved to, to focus once it is rendered. */
  const pendingFocus = useRef<number | null>(null);

  /** Scrolls `index` into view when it is not; the row window follows at once. */
  const reveal = (index: number, centre: boolean) => {
    const element = ref.current;
    if (!element) return;
    const top = index * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = centre
        ? Math.max(0, top - element.clientHeight / 2 + rowHeight / 2)
        : top < element.scrollTop
          ? top
          : top + rowHeight - element.clientHeight;
      onScroll();
    }
  };

  useEffect(() => {
    if (scrollToIndex === undefined || scrollToIndex < 0) return;
    setActive(scrollToIndex);
    reveal(scrollToIndex, true);
    // Only a new selection scrolls (and takes the Tab stop).
  }, [scrollToIndex, rowHeight]);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = ref.current?.querySelector<HTMLElement>(`li[aria-posinset="${index + 1}"] [tabindex="0"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus();
    }
  });

  // The row holding the Tab stop: the active one, or the first rendered when it is out of the window or the list.
  const stop = active >= first && active < last ? active : first;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = rowOf(event.target);
    if (from === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((ref.current?.clientHeight || fallbackHeight) / rowHeight) - 1);
    const to = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      PageDown: from + page,
      PageUp: from - page,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = Math.min(count - 1, Math.max(0, to));
    pendingFocus.current = next;
    setActive(next);
    reveal(next, false);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = rowOf(event.target);
    if (row !== null && row !== active) setActive(row);
  };

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
        {renderRow(i, i === stop ? 0 : -1)}
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
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        sx={{ m: 0, p: 0, height: count * rowHeight, position: 'relative' }}
      >
        {rows}
      </Box>
    </Box>
  );
}
