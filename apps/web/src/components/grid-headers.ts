/**
 * Column headers that show their whole name (ServerDataGrid applies this to every list's columns): each column is at
 * least as wide as its header's text in the interface language plus the header's padding and sort arrow, and says
 * its full name in a tooltip (and to screen readers) where the page narrows it anyway.
 *
 *   const columns = fitHeaders(pageColumns, headerTextWidth(theme.typography.fontFamily));
 */
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/**
 * The header's padding (10 px each side, and 6 px of slack for a web font measured before it loaded) and, for a
 * sortable column, its sort arrow (28 px and a 2 px gap).
 */
const PADDING_PX = 26;
const SORT_ARROW_PX = 30;
/** MUI's own default minimum width of a column. */
const GRID_MIN_WIDTH_PX = 50;

/** The width of `text` in px as the grid draws its headers (medium weight, 14 px). */
export type TextWidth = (text: string) => number;

/** The columns, each at least as wide as its header needs, each header's full name as its description (tooltip). */
export function fitHeaders<R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  textWidth: TextWidth,
): GridColDef<R>[] {
  return columns.map((column) => {
    const name = column.headerName;
    if (!name) return column;
    const needed = Math.ceil(textWidth(name)) + PADDING_PX + (column.sortable === false ? 0 : SORT_ARROW_PX);
    const minWidth = Math.max(column.minWidth ?? GRID_MIN_WIDTH_PX, needed);
    return {
      ...column,
      description: column.description ?? name,
      minWidth,
      ...(column.width !== undefined ? { width: Math.max(column.width, minWidth) } : {}),
    };
  });
}

/** Width of a character where the text cannot be measured (tests): CJK ideographs are wider than other scripts. */
const estimateChar = (ch: string) => (/[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(ch) ? 14 : 8);

/**
 * The header font's text width: measured on a canvas in a browser, estimated from the characters where there is no
 * canvas to measure with (jsdom).
 */
export function headerTextWidth(fontFamily: string | undefined): TextWidth {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return (text) => [...text].reduce((sum, ch) => sum + estimateChar(ch), 0);
  context.font = `500 14px ${fontFamily ?? 'sans-serif'}`;
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      width = context.measureText(text).width;
      cache.set(text, width);
    }
    return width;
  };
}
