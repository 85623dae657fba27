import { describe, expect, it } from 'vitest';
import { parseTimestamptz, parseTimestamptzSlowly } from './timestamps.ts';

const same = (text: string) => {
  const fast = parseTimestamptz(text);
  const slow = parseTimestamptzSlowly(text);
  expect(fast instanceof Date ? fast.getTime() : fast, text).toEqual(
    slow instanceof Date ? slow.getTime() : slow,
  );
};

describe('timestamptz parsing', () => {
  it('answers as pg’s parser for what PostgreSQL writes in any session time zone', () => {
    for (const text of [
      '2026-11-27 14:05:38+00',
      '2026-11-27 14:05:38.5+00',
      '2026-11-27 14:05:38.05+00',
      '2026-11-27 14:05:38.123456+00',
      '2026-11-27 14:05:38.999999+03',
      '2026-03-29 01:59:59.000001+01',
      '2026-11-27 00:00:00-05',
      '2026-11-27 00:00:00+05:30',
      '1969-12-31 23:59:59.9+00',
      '1900-01-01 00:00:00+00:09:21',
      '2026-02-28 23:30:00-09:30',
      '9999-12-31 23:59:59+14',
    ])
      same(text);
  });

  it('hands anything else to pg’s parser', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '0999-01-01 00:00:00+00',
      '12026-01-01 00:00:00+00',
      '2026-11-27T14:05:38Z',
    ])
      same(text);
  });

  it('matches pg’s parser over random instants, fractions and offsets', () => {
    let seed = 42;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    for (let i = 0; i < 5000; i++) {
      const t = new Date(Date.UTC(1000, 0, 1) + random() * (Date.UTC(9999, 0, 1) - Date.UTC(1000, 0, 1)));
      const digits = Math.floor(random() * 7);
      const fraction = digits ? `.${String(Math.floor(random() * 10 ** digits)).padStart(digits, '0')}` : '';
      const offsetMin = Math.round((random() * 26 - 12) * 4) * 15;
      const local = new Date(t.getTime() + offsetMin * 60_000);
      const sign = offsetMin < 0 ? '-' : '+';
      const abs = Math.abs(offsetMin);
      const zone = `${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
      const text =
        `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
        `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction}${zone}`;
      same(text);
    }
  });
});
