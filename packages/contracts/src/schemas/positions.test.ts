import { describe, expect, it } from 'vitest';
import {
  MONITOR_DEGREE_SCALE,
  monitorColumnsOf,
  monitorItemsOfColumns,
  monitorPositionColumnsSchema,
  monitorPositionsQuerySchema,
  type MonitorPosition,
  type MonitorPositions,
} from './positions.ts';

const item = (msisdnId: number, extra: Partial<MonitorPosition> = {}): MonitorPosition => ({
  msisdnId,
  msisdn: `+96650000${String(msisdnId).padStart(4, '0')}`,
  employeeName: `موظف ${msisdnId}`,
  companyId: 3,
  departmentId: 7,
  zoneId: null,
  lat: 24.713552,
  lon: 46.675297,
  accuracyM: 850,
  time: '2026-11-29T08:15:30.123Z',
  source: 'NETWORK',
  ...extra,
});

const answer = (items: MonitorPosition[], full = true): MonitorPositions => ({
  items,
  generatedAt: '2026-11-29T08:16:00.000Z',
  cursor: 'k3x9q2.1874',
  full,
});

const TIME_BASE = Date.parse('2026-11-29T08:16:00.000Z');

describe('the columns format of GET /monitor/positions', () => {
  it('reads back what it wrote: every field, nulls, sources and times to the millisecond', () => {
    const items = [
      item(101),
      item(102, { zoneId: 12, accuracyM: null, source: 'OSMAND', time: '2026-11-28T23:59:59.999Z' }),
      item(250, { lat: -33.86882, lon: 151.209296, source: 'OWNTRACKS', accuracyM: 4.5 }),
      item(251, { lat: 0, lon: -179.999999, departmentId: 8, companyId: 4 }),
    ];
    const columns = monitorColumnsOf(answer(items), TIME_BASE);
    expect(monitorPositionColumnsSchema.parse(JSON.parse(JSON.stringify(columns)))).toEqual(columns);
    expect(monitorItemsOfColumns(columns)).toEqual(answer(items));
  });

  it('writes ids as differences and degrees as integers, so gzip sees short repeating numbers', () => {
    const columns = monitorColumnsOf(answer([item(1000), item(1001), item(1003)], false), TIME_BASE);
    expect(columns.columns.msisdnId).toEqual([1000, 1, 2]);
    expect(columns.columns.lat).toEqual([24713552, 24713552, 24713552]);
    expect(columns.columns.ageMs[0]).toBe(TIME_BASE - Date.parse('2026-11-29T08:15:30.123Z'));
    expect(columns).toMatchObject({ format: 'columns', count: 3, full: false, cursor: 'k3x9q2.1874' });
  });

  it('keeps any order of ids (a difference may be negative) and degrees to the scale', () => {
    const items = [item(9), item(3), item(7, { lat: 24.1234567891, lon: 46.9876543219 })];
    const back = monitorItemsOfColumns(monitorColumnsOf(answer(items), TIME_BASE)).items;
    expect(back.map((i) => i.msisdnId)).toEqual([9, 3, 7]);
    expect(Math.abs(back[2]!.lat - 24.1234567891)).toBeLessThanOrEqual(0.5 / MONITOR_DEGREE_SCALE);
    expect(Math.abs(back[2]!.lon - 46.9876543219)).toBeLessThanOrEqual(0.5 / MONITOR_DEGREE_SCALE);
  });

  it('writes an empty answer', () => {
    const columns = monitorColumnsOf(answer([]), TIME_BASE);
    expect(monitorPositionColumnsSchema.parse(columns).count).toBe(0);
    expect(monitorItemsOfColumns(columns).items).toEqual([]);
  });

  it('refuses columns of different lengths and unknown sources', () => {
    const columns = monitorColumnsOf(answer([item(1), item(2)]), TIME_BASE);
    const short = { ...columns, columns: { ...columns.columns, lat: [1] } };
    expect(monitorPositionColumnsSchema.safeParse(short).success).toBe(false);
    const unknown = { ...columns, columns: { ...columns.columns, source: [0, 3] } };
    expect(monitorPositionColumnsSchema.safeParse(unknown).success).toBe(false);
  });

  it('is asked for with format=columns; items stay the default', () => {
    expect(monitorPositionsQuerySchema.parse({}).format).toBe('items');
    expect(monitorPositionsQuerySchema.parse({ format: 'columns' }).format).toBe('columns');
    expect(monitorPositionsQuerySchema.safeParse({ format: 'csv' }).success).toBe(false);
  });
});
