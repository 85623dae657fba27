import { describe, expect, it } from 'vitest';
import { monitorPositionsSchema, type LivePosition } from '@lbs/contracts';
import { MonitorSnapshot } from './monitor-snapshots.ts';
import { idRanges, monitorViewKey, monitorViewOf } from './monitor-view.ts';
import type { LatestRow } from './repository.ts';

const T = Date.parse('2026-11-26T10:00:00.000Z');
const row = (id: number, seconds = 0): LatestRow => ({
  msisdn_id: id,
  msisdn: `+96650000${id}`,
  employee_name: `Employee ${id}`,
  company_id: 1,
  department_id: 10,
  zone_id: null,
  position_id: id * 10,
  lat: 24,
  lon: 46,
  accuracy_m: 100,
  time: new Date(T + seconds * 1000),
  source: 'NETWORK',
});
const live = (id: number, positionId: number, seconds: number, lat = 25): LivePosition => ({
  positionId,
  msisdnId: id,
  msisdn: `+96650000${id}`,
  employeeName: `Employee ${id}`,
  companyId: 1,
  departmentId: 10,
  zoneId: null,
  lat,
  lon: 46,
  accuracyM: 50,
  time: new Date(T + seconds * 1000).toISOString(),
  source: 'OSMAND',
});
const parse = (body: Buffer) => monitorPositionsSchema.parse(JSON.parse(body.toString('utf8')));

describe('MonitorSnapshot', () => {
  it('keeps the newest fix per MSISDN, versions each change and answers `since` from its log or by a scan', () => {
    const snapshot = new MonitorSnapshot({ companyId: 1 }, 0, () => T);
    // Live batches that arrive during the load are applied after it.
    snapshot.apply([live(2, 100, 5, 30)]);
    snapshot.load([row(1), row(2), row(3)]);
    expect(snapshot.version).toBe(1);
    const first = parse(snapshot.rendered(0).body);
    expect(first).toMatchObject({ full: true, cursor: `${snapshot.epoch}.1` });
    expect(first.items.map((i) => [i.msisdnId, i.lat])).toEqual([
      [1, 24],
      [2, 30],
      [3, 24],
    ]);
    // Older fix: ignored; same time and a lower position id: ignored; same time, higher id: applied.
    snapshot.apply([live(2, 99, 1), live(3, 29, 0)]);
    expect(snapshot.version).toBe(1);
    snapshot.apply([live(3, 31, 0, 33), live(4, 400, 1)]);
    expect(snapshot.version).toBe(2);
    expect(parse(snapshot.changedSince(1).body).items.map((i) => i.msisdnId)).toEqual([3, 4]);
    expect(parse(snapshot.changedSince(2).body).items).toEqual([]);
    expect(parse(snapshot.changedSince(0).body).items.map((i) => i.msisdnId)).toEqual([2, 3, 4]);
    expect(snapshot.versionOf(`${snapshot.epoch}.2`)).toBe(2);
    expect(snapshot.versionOf(`${snapshot.epoch}.3`)).toBeUndefined();
    expect(snapshot.versionOf('other.1')).toBeUndefined();
    // The rendering follows the version; the same version is the same object (serialised once).
    const rendered = snapshot.rendered(0);
    expect(rendered).toBe(snapshot.rendered(0));
    expect(parse(rendered.body).items.map((i) => i.msisdnId)).toEqual([1, 2, 3, 4]);
    expect(rendered).toMatchObject({ count: 4, msisdnIds: '1-4', etag: `W/"${snapshot.epoch}.2"` });
  });

  it('answers the same changes from the log and, after the log was cut, by scanning', () => {
    const snapshot = new MonitorSnapshot({}, 0, () => T);
    snapshot.load(Array.from({ length: 10 }, (_, i) => row(i + 1)));
    for (let n = 1; n <= 1100; n++) snapshot.apply([live((n % 10) + 1, 1000 + n, n)]);
    // 1,100 changes: the log was cut at 1,025; a cursor before that scans, one after reads the log.
    const scanned = parse(snapshot.changedSince(5).body).items.map((i) => i.msisdnId);
    const logged = parse(snapshot.changedSince(1095).body).items.map((i) => i.msisdnId);
    expect(scanned).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(logged).toEqual([1, 7, 8, 9, 10]);
  });

  it('serialises a changing snapshot again only after minRenderMs', () => {
    let now = T;
    const snapshot = new MonitorSnapshot({}, 0, () => now);
    snapshot.load([row(1)]);
    const first = snapshot.rendered(1000);
    snapshot.apply([live(1, 500, 10)]);
    now += 999;
    expect(snapshot.rendered(1000)).toBe(first);
    now += 1;
    expect(snapshot.rendered(1000).version).toBe(1);
  });
});

describe('Monitor views', () => {
  it('narrow the tier by the filters; a contradicting filter leaves nothing', () => {
    const cases = [
      [{ tier: 'all' }, {}, 'c*.d*.z*'],
      [{ tier: 'all' }, { companyId: 2, zoneId: 5 }, 'c2.d*.z5'],
      [{ tier: 'company', companyId: 1 }, {}, 'c1.d*.z*'],
      [{ tier: 'company', companyId: 1 }, { departmentId: 3 }, 'c1.d3.z*'],
      [{ tier: 'company', companyId: 1 }, { companyId: 2 }, 'none'],
      [{ tier: 'department', companyId: 1, departmentId: 3 }, {}, 'c1.d3.z*'],
      [{ tier: 'department', companyId: 1, departmentId: 3 }, { departmentId: 4 }, 'none'],
      [{ tier: 'zone', companyId: 1, zoneId: 7 }, { departmentId: 3 }, 'c1.d3.z7'],
      [{ tier: 'zone', companyId: 1, zoneId: 7 }, { zoneId: 8 }, 'none'],
      [{ tier: 'none' }, {}, 'none'],
    ] as const;
    for (const [scope, filters, key] of cases)
      expect(monitorViewKey(monitorViewOf(scope, filters))).toBe(key);
  });

  it('write MSISDN ids as ranges', () => {
    expect(idRanges([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    expect(idRanges([])).toBe('');
  });
});
