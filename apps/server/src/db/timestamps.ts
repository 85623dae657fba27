import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';

/** PostgreSQL's type id of `timestamptz`. */
export const TIMESTAMPTZ = 1184;

/** pg's own parser (postgres-date: regular expressions), for every text the fast path does not take. */
export const parseTimestamptzSlowly = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date | number;

const digit = (text: string, i: number) => text.charCodeAt(i) - 48;
const two = (text: string, i: number) => digit(text, i) * 10 + digit(text, i + 1);

/**
 * `timestamptz` as PostgreSQL writes it in the ISO style, `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]`, parsed by
 * hand: a history page or a Monitor snapshot holds thousands of them, and pg's regular-expression parser was a fifth
 * of a history read's CPU. The same answers as pg's parser (milliseconds truncated); anything else — years before
 * 1000 or after 9999, BC, infinity, another date style — goes to it.
 */
export function parseTimestamptz(text: string): Date | number {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  )
    return parseTimestamptzSlowly(text);
  const year = two(text, 0) * 100 + two(text, 2);
  let i = 19;
  let ms = 0;
  if (text.charCodeAt(i) === 46) {
    i++;
    let scale = 100;
    while (i < n) {
      const d = digit(text, i);
      if (d < 0 || d > 9) break;
      ms += d * scale;
      scale /= 10;
      i++;
    }
    ms = Math.trunc(ms);
  }
  const sign = text.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || year < 1000 || Number.isNaN(year)) return parseTimestamptzSlowly(text);
  let offset = two(text, i + 1) * 3600;
  i += 3;
  if (i < n && text.charCodeAt(i) === 58) {
    offset += two(text, i + 1) * 60;
    i += 3;
    if (i < n && text.charCodeAt(i) === 58) {
      offset += two(text, i + 1);
      i += 3;
    }
  }
  if (i !== n) return parseTimestamptzSlowly(text);
  const utc = Date.UTC(year, two(text, 5) - 1, two(text, 8), two(text, 11), two(text, 14), two(text, 17), ms);
  const at = utc - (sign === 45 ? -offset : offset) * 1000;
  return Number.isNaN(at) ? parseTimestamptzSlowly(text) : new Date(at);
}

/**
 * A `timestamptz` expression as whole epoch milliseconds (bigint), truncated as parseTimestamptz reads it: for the
 * lists a hot statement answers as text (`splitList`).
 */
export function epochMs(expression: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`floor(extract(epoch from ${expression}) * 1000)::bigint`;
}
