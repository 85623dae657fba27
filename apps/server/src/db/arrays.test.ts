import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, float8Array, int4Array, int8Array, splitList, timestamptzArray } from './arrays.ts';
import { epochMs } from './timestamps.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: process.env['DATABASE_URL'] });
});
afterAll(async () => {
  await handle?.close();
});

const TEXTS = [
  'plain',
  '',
  'NULL',
  'with "quotes" and \\backslashes\\ and {braces}, commas',
  'line\nbreak\ttab\u0001control',
  JSON.stringify({ a: 'x"y', b: 'c\\d', n: '\n', arabic: 'مرحبا', emoji: '📍' }),
  'مرحبا 世界 📍',
  '  spaced  ',
  '2026-11-27T18:00:00.000Z',
];

describe('arrayLiteral', () => {
  it('reads back as the same texts, NULLs included, on the database', async () => {
    const values = [...TEXTS, null];
    const { rows } = await sql<{ v: string | null }>`
      select v from unnest(${arrayLiteral(values)}::text[]) with ordinality as u(v, n) order by n`.execute(
      handle.db,
    );
    expect(rows.map((r) => r.v)).toEqual(values);
  });

  it('reads back numbers, booleans and JSON documents', async () => {
    const numbers = [0, -1, 1.5, 1e21, 24.712345678901, -46.6753, null, 2 ** 53 - 1];
    const { rows } = await sql<{ f: number | null }>`
      select f from unnest(${arrayLiteral(numbers)}::float8[]) with ordinality as u(f, n) order by n`.execute(
      handle.db,
    );
    expect(rows.map((r) => r.f)).toEqual(numbers);
    const flags = [true, false, null];
    const { rows: bools } = await sql<{ b: boolean | null }>`
      select b from unnest(${arrayLiteral(flags)}::bool[]) with ordinality as u(b, n) order by n`.execute(
      handle.db,
    );
    expect(bools.map((r) => r.b)).toEqual(flags);
    const documents = [{ state: 'INSIDE', sources: ['NETWORK'], note: 'a "b" \\ c\nd' }, [1, 'x'], null];
    const { rows: docs } = await sql<{ d: unknown }>`
      select d from unnest(${arrayLiteral(documents.map((d) => (d === null ? null : JSON.stringify(d))))}::jsonb[])
        with ordinality as u(d, n) order by n`.execute(handle.db);
    expect(docs.map((r) => r.d)).toEqual(documents);
  });

  it('writes an empty array', async () => {
    expect(arrayLiteral([])).toBe('{}');
    const { rows } = await sql<{ n: number }>`select cardinality(${arrayLiteral([])}::int[]) as n`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('reads a list answered as one text, and instants as epoch milliseconds truncated as the parser reads them', async () => {
    const { rows } = await sql<{
      none: string | null;
      one: string | null;
      many: string | null;
      ms: string | null;
    }>`
      select (select string_agg(x::text, ',') from unnest('{}'::int[]) x) as none,
        (select string_agg(coalesce(x::text, ''), ',') from unnest('{NULL}'::int[]) x) as one,
        (select string_agg(coalesce(x::text, ''), ',' order by n) from unnest('{1,NULL,3}'::int[]) with ordinality u(x, n)) as many,
        ${epochMs(sql`'2026-11-29 08:00:00.123999+00'::timestamptz`)}::text as ms`.execute(handle.db);
    expect(splitList(rows[0]!.none)).toEqual([]);
    expect(splitList(rows[0]!.one)).toEqual(['']);
    expect(splitList(rows[0]!.many)).toEqual(['1', '', '3']);
    expect(Number(rows[0]!.ms)).toBe(Date.UTC(2026, 10, 29, 8, 0, 0, 123));
  });
});

describe('array parameters (binary on PostgreSQL, literals on PGlite)', () => {
  it('read back as the same numbers, NULLs included', async () => {
    const ints = [0, -1, 2_147_483_647, -2_147_483_648, null, 42];
    const bigs = [0, -1, 2 ** 53 - 1, -(2 ** 53 - 1), null, 4_294_967_296];
    const floats = [0, -0.5, 24.712345678901, -46.6753, 1e-300, 1e300, null, Number.MAX_VALUE];
    const { rows } = await sql<{ i: number[]; b: number[]; f: number[] }>`
      select (select array_agg(x order by n) from unnest(${int4Array(ints)}::int[]) with ordinality u(x, n)) as i,
        (select array_agg(x order by n) from unnest(${int8Array(bigs)}::int8[]) with ordinality u(x, n)) as b,
        (select array_agg(x order by n) from unnest(${float8Array(floats)}::float8[]) with ordinality u(x, n)) as f`.execute(
      handle.db,
    );
    expect(rows[0]!.i.map((v) => (v === null ? null : Number(v)))).toEqual(ints);
    expect(rows[0]!.b.map((v) => (v === null ? null : Number(v)))).toEqual(bigs);
    expect(rows[0]!.f.map((v) => (v === null ? null : Number(v)))).toEqual(floats);
  });

  it('read back as the same instants, before and after 2000, to the millisecond', async () => {
    const instants = [
      new Date('2026-11-29T08:00:00.123Z'),
      new Date('1999-12-31T23:59:59.999Z'),
      new Date('1970-01-01T00:00:00.000Z'),
      null,
      new Date('2099-06-30T12:34:56.789Z'),
    ];
    const { rows } = await sql<{ ms: string | null }>`
      select ${epochMs(sql.ref('t'))}::text as ms
      from unnest(${timestamptzArray(instants)}::timestamptz[]) with ordinality as u(t, n) order by n`.execute(
      handle.db,
    );
    expect(rows.map((r) => (r.ms === null ? null : Number(r.ms)))).toEqual(
      instants.map((d) => (d === null ? null : d.getTime())),
    );
  });

  it('send an empty array', async () => {
    const { rows } = await sql<{ n: number; f: number }>`
      select cardinality(${int4Array([])}::int[]) as n, cardinality(${float8Array([])}::float8[]) as f`.execute(
      handle.db,
    );
    expect(rows[0]).toEqual({ n: 0, f: 0 });
  });
});
