import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { PREPARED } from './prepared.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  // One connection: the statements below and the view of what it has prepared share it.
  handle = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], poolSize: 1 });
});
afterAll(async () => {
  await handle?.close();
});

const marked = (values: number[]) =>
  sql<{
    total: number;
  }>`${PREPARED}select coalesce(sum(v), 0)::int as total from unnest(${values}::int[]) as u(v)`;

describe('PREPARED', () => {
  it('answers as the same statement unmarked would, with any values', async () => {
    expect((await marked([1, 2, 3]).execute(handle.db)).rows).toEqual([{ total: 6 }]);
    expect((await marked([]).execute(handle.db)).rows).toEqual([{ total: 0 }]);
    expect((await marked([40, 2]).execute(handle.db)).rows).toEqual([{ total: 42 }]);
  });

  it.skipIf(!process.env['DATABASE_URL'])(
    'runs a marked statement as one named prepared statement per connection; others are not prepared',
    async () => {
      for (let i = 0; i < 8; i++) await marked([i, i]).execute(handle.db);
      await sql`select ${1}::int as unmarked`.execute(handle.db);
      const { rows } = await sql<{ name: string; statement: string; generic_plans: number }>`
        select name, statement, generic_plans::int as generic_plans from pg_prepared_statements`.execute(
        handle.db,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^lbs_[0-9a-f]{24}$/);
      expect(rows[0]!.statement).toContain('from unnest($1::int[])');
      // Planned once for every execution after the first few.
      expect(rows[0]!.generic_plans).toBeGreaterThan(0);
    },
  );
});
