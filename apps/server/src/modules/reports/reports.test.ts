import { describe, expect, it } from 'vitest';
import type { ReportPage, ReportRow } from '@lbs/contracts';
import { callerOf } from '../../access/caller.ts';
import { loadAuthUser } from '../../access/auth-user.ts';
import { scopeOf } from '../../access/scope.ts';
import { reportsService } from './service.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { locationHistory } from './catalogue/location-history.ts';
import { prepareReport } from './engine.ts';

const f = useOrgFixtures();

/** Positions of a fresh MSISDN at known instants (Riyadh time zone: Alpha's). */
async function positionsOf(id: number, times: string[]): Promise<void> {
  await f.db
    .insertInto('positions')
    .values(
      times.map((t, i) => ({
        msisdn_id: id,
        time: new Date(t),
        lat: 24.7 + i / 1000,
        lon: 46.6,
        accuracy_m: 150,
        source: 'NETWORK' as const,
      })),
    )
    .execute();
}

const rowsOf = async (who: Parameters<typeof f.call>[0], query: string) => {
  const res = await f.call(who, 'GET', `/reports/locationHistory/rows?${query}`);
  return {
    status: res.statusCode,
    body: res.json() as ReportPage & { errors?: { path: string; code: string }[] },
  };
};

describe('reports engine: location history', () => {
  it('reads the period in the company’s time zone, pages in order, and audits the view', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    // Riyadh is UTC+3: 2026-03-01 local starts at 2026-02-28T21:00Z.
    await positionsOf(id, [
      '2026-02-28T20:59:00Z', // 2026-02-28 23:59 local: before the period
      '2026-02-28T21:00:00Z',
      '2026-03-01T09:00:00Z',
      '2026-03-02T20:59:59Z', // 2026-03-02 23:59:59 local: last instant
      '2026-03-02T21:00:00Z', // 2026-03-03 local: after
    ]);
    const q = `from=2026-03-01&to=2026-03-02&msisdnIds=${id}`;
    const first = await rowsOf('CA', `${q}&size=2`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.context).toMatchObject({
      timeZone: 'Asia/Riyadh',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(first.body.items.map((r) => r.time)).toEqual([
      '2026-02-28T21:00:00.000Z',
      '2026-03-01T09:00:00.000Z',
    ]);
    expect(Object.keys(first.body.items[0]!)).toEqual([
      'msisdn',
      'employee',
      'department',
      'zone',
      'time',
      'latitude',
      'longitude',
      'accuracyM',
      'source',
    ]);
    expect(first.body.items[0]).toMatchObject({
      department: 'Field Operations',
      zone: 'North',
      source: 'NETWORK',
    });
    const second = await rowsOf('CA', `${q}&size=2&page=2`);
    expect(second.body.items.map((r) => r.time)).toEqual(['2026-03-02T20:59:59.000Z']);
    const desc = await rowsOf('CA', `${q}&sort=-time`);
    expect(desc.body.items.map((r) => r.time)[0]).toBe('2026-03-02T20:59:59.000Z');
    const audited = await f.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'actor'])
      .where('entity', '=', 'report')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({
      action: 'location.view',
      entity_id: 'locationHistory',
      actor: 'companyadmin',
    });
  });

  it('keeps each caller to its slice: another company’s number is not found, a zone admin sees its zone', async () => {
    const north = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    await positionsOf(north, ['2026-03-05T10:00:00Z']);
    expect((await rowsOf('CB', `from=2026-03-05&to=2026-03-05&msisdnIds=${north}`)).status).toBe(404);
    const za = await rowsOf('ZA', `from=2026-03-05&to=2026-03-05&msisdnIds=${north}`);
    expect(za.status, JSON.stringify(za.body)).toBe(200);
    expect(za.body.total).toBe(1);
    const all = await rowsOf('ZA', `from=2026-03-05&to=2026-03-05&size=100`);
    expect(all.body.items.every((r) => r.zone === 'North')).toBe(true);
    // The SuperAdmin names the company; without one, a field error.
    const none = await rowsOf('SA', 'from=2026-03-05&to=2026-03-05');
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([
      expect.objectContaining({ path: 'query.companyId', code: 'report.companyRequired' }),
    ]);
    const company = await f.companyId('ALPHA');
    const sa = await rowsOf('SA', `companyId=${company}&from=2026-03-05&to=2026-03-05&msisdnIds=${north}`);
    expect(sa.body.total).toBe(1);
  });

  it('answers bad parameters with field errors', async () => {
    const long = await rowsOf('CA', 'from=2026-01-01&to=2026-03-01');
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      expect.objectContaining({ path: 'query.to', code: 'validation.periodTooLong', params: { max: 31 } }),
    ]);
    const reversed = await rowsOf('CA', 'from=2026-03-02&to=2026-03-01');
    expect(reversed.body.errors).toEqual([
      expect.objectContaining({ path: 'query.to', code: 'validation.periodEndBeforeStart' }),
    ]);
    const sort = await rowsOf('CA', 'from=2026-03-01&to=2026-03-01&sort=latitude');
    expect(sort.body.errors).toEqual([
      expect.objectContaining({ path: 'query.sort', code: 'validation.sortInvalid' }),
    ]);
  });

  it('exports CSV with a byte-order mark, translated headers and guarded formulas', async () => {
    const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    await f.db
      .updateTable('msisdns')
      .set({ employee_name: '=HYPERLINK("x")' })
      .where('id', '=', id)
      .execute();
    await positionsOf(id, ['2026-03-07T10:00:00Z', '2026-03-07T11:00:00Z']);
    const res = await f.call(
      'CA',
      'GET',
      `/reports/locationHistory/export?from=2026-03-07&to=2026-03-07&msisdnIds=${id}&format=csv&locale=ar-SA`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('رقم الجوال,الموظف,القسم')).toBe(true);
    expect(lines).toHaveLength(3);
    // 13:00 in Riyadh, the formula neutralised, the source translated.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('2026-03-07 13:00:00');
    expect(lines[1]).toContain('شبكة الجوال');
  });

  it('streams every row once by keyset, in the page order, over ties and across batches', async () => {
    const ids = [
      await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North'),
      await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North'),
      await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North'),
    ];
    // Many rows share a time (ties on the sort key) and two employees share a name.
    await f.db
      .updateTable('msisdns')
      .set({ employee_name: 'Same Name' })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    for (const id of ids)
      await positionsOf(id, [
        '2026-03-09T06:00:00Z',
        '2026-03-09T06:00:00Z',
        '2026-03-09T07:00:00Z',
        '2026-03-09T06:30:00Z',
      ]);
    const user = (await loadAuthUser(f.db, { username: 'companyadmin' }))!;
    const caller = callerOf({ auth: user, id: 'test' } as never);
    const params = { from: '2026-03-09', to: '2026-03-09', msisdnIds: ids };
    for (const sort of ['time', '-time', 'employee,-time', '-employee,time']) {
      const prepared = await prepareReport(f.db, locationHistory, caller, params, sort);
      const paged = await prepared.page(1, 100);
      expect(paged).toHaveLength(12);
      for (const size of [1, 5, 12, 100]) {
        const streamed = [];
        for await (const batch of prepared.batches(size)) streamed.push(...batch);
        expect(streamed, `${sort} by ${size}`).toEqual(paged);
      }
    }
  });
});

describe('reports engine: batches', () => {
  it('streams every row once in the page order, across batches that split equal sort values, both ways', async () => {
    const a = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const b = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    // Three positions at each of five instants (a and b, a twice): ties broken by the position id.
    const times = [
      '2026-03-09T05:00:00Z',
      '2026-03-09T06:00:00Z',
      '2026-03-09T07:00:00Z',
      '2026-03-09T08:00:00Z',
      '2026-03-09T09:00:00Z',
    ];
    await positionsOf(a, times);
    await positionsOf(b, times);
    await positionsOf(a, times);
    const service = reportsService({ db: f.db });
    const user = (await loadAuthUser(f.db, { username: 'companyadmin' }))!;
    const caller = { user, scope: scopeOf(user), requestId: undefined };
    for (const sort of ['time', '-time', 'employee,-time']) {
      const prepared = await service.prepare(
        caller,
        'locationHistory',
        { from: '2026-03-09', to: '2026-03-09', msisdnIds: [a, b] },
        sort,
      );
      const streamed: ReportRow[] = [];
      const sizes: number[] = [];
      for await (const batch of prepared.batches(4)) {
        sizes.push(batch.length);
        streamed.push(...batch);
      }
      expect(sizes, sort).toEqual([4, 4, 4, 3]);
      expect(streamed, sort).toEqual(await prepared.page(1, 100));
    }
  });
});
