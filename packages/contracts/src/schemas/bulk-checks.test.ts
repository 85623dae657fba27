import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msisdnDirectoryPageCheck, msisdnDirectoryPageSchema, type MsisdnDirectoryEntry } from './msisdns.ts';
import {
  monitorColumnsOf,
  monitorPositionColumnsCheck,
  monitorPositionColumnsSchema,
  type MonitorPositionColumns,
} from './positions.ts';

/**
 * The browser's checks of the two bulk answers (the Monitor's columns and directory pages) must accept and refuse
 * exactly what their schemas do. Every field of a valid answer is replaced in turn by values of every other kind, and
 * removed: whatever a field is or becomes in the schema, the check has to follow (a field added to the schema and to
 * the fixtures below is mutated here without anyone listing it).
 */
const ODD_VALUES: unknown[] = [
  null,
  undefined,
  '',
  'x',
  0,
  -1,
  1.5,
  2 ** 53,
  true,
  {},
  [],
  'GRANTED',
  'location.noConsent',
];

function expectAgreement(check: z.ZodType, schema: z.ZodType, value: unknown, what: string) {
  expect(check.safeParse(value).success, what).toBe(schema.safeParse(value).success);
}

/** Every mutation of `valid` judged alike by the check and the schema; at least `least` of them tried. */
function expectAgreementOnMutations(check: z.ZodType, schema: z.ZodType, valid: unknown, least: number) {
  let count = 0;
  for (const [what, value] of mutations(valid)) {
    expectAgreement(check, schema, value, what);
    count++;
  }
  expect(count).toBeGreaterThan(least);
}

/** Copies of `value` with the leaf at each path replaced by each odd value, and removed. */
function* mutations(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const here = [...path, key];
    const replaced = (next: unknown) => {
      const copy = structuredClone(value) as Record<string, unknown>;
      if (next === undefined) delete copy[key];
      else copy[key] = next;
      return copy;
    };
    for (const odd of ODD_VALUES) yield [`${here.join('.')} = ${JSON.stringify(odd)}`, replaced(odd)];
    yield [`${here.join('.')} removed`, replaced(undefined)];
    for (const [what, inner] of mutations(child, here)) yield [what, replaced(inner)];
  }
}

describe('monitorPositionColumnsCheck', () => {
  // Two positions as the server writes them: ids as steps, micro-degrees, ages, source indexes, nulls.
  const valid: MonitorPositionColumns = {
    format: 'columns',
    generatedAt: '2026-11-29T08:16:00.000Z',
    cursor: 'k3x9q2.1874',
    full: true,
    count: 2,
    timeBase: Date.parse('2026-11-29T08:16:00.000Z'),
    columns: {
      msisdnId: [101, 1],
      msisdn: ['+966500101', '+966500102'],
      employeeName: ['موظف 101', 'Employee 102'],
      companyId: [3, 3],
      departmentId: [7, 8],
      zoneId: [12, null],
      lat: [24_713_552, 24_700_001],
      lon: [46_675_297, 46_680_000],
      accuracyM: [850, null],
      ageMs: [29_877, 0],
      source: [0, 2],
    },
  };

  it('accepts what the schema accepts, and answers the same value', () => {
    expect(monitorPositionColumnsSchema.safeParse(valid).success).toBe(true);
    expect(monitorPositionColumnsCheck.parse(valid)).toEqual(monitorPositionColumnsSchema.parse(valid));
    const empty = monitorColumnsOf(
      { items: [], generatedAt: valid.generatedAt, cursor: valid.cursor, full: false },
      valid.timeBase,
    );
    expectAgreement(monitorPositionColumnsCheck, monitorPositionColumnsSchema, empty, 'empty');
  });

  it('refuses what the schema refuses: any field or element of the wrong kind, missing, or a column too short', () => {
    expectAgreementOnMutations(monitorPositionColumnsCheck, monitorPositionColumnsSchema, valid, 300);
    const short = structuredClone(valid);
    short.columns.lat.pop();
    expect(monitorPositionColumnsCheck.safeParse(short).success).toBe(false);
    const unknownSource = structuredClone(valid);
    unknownSource.columns.source[1] = 3;
    expectAgreement(monitorPositionColumnsCheck, monitorPositionColumnsSchema, unknownSource, 'source 3');
    expect(monitorPositionColumnsCheck.safeParse(unknownSource).success).toBe(false);
  });
});

describe('msisdnDirectoryPageCheck', () => {
  const entry = (id: number, extra: Partial<MsisdnDirectoryEntry> = {}): MsisdnDirectoryEntry => ({
    id,
    msisdn: `+9665000${id}`,
    employeeName: `Employee ${id}`,
    companyId: 3,
    companyName: 'Acme',
    departmentId: 7,
    departmentName: 'Sales',
    zoneId: 12,
    zoneName: 'North',
    designationId: 4,
    designationName: 'Driver',
    consentStatus: 'GRANTED',
    trackingEnabled: true,
    abilities: { locate: true },
    blockedBy: {},
    ...extra,
  });
  const valid = {
    items: [
      entry(1),
      entry(2, {
        zoneId: null,
        zoneName: null,
        consentStatus: 'PENDING',
        abilities: { locate: false },
        blockedBy: { locate: 'location.noConsent' },
      }),
    ],
    next: 3,
  };

  it('accepts what the schema accepts (an empty last page too)', () => {
    expect(msisdnDirectoryPageSchema.safeParse(valid).success).toBe(true);
    expect(msisdnDirectoryPageCheck.parse(valid)).toEqual(msisdnDirectoryPageSchema.parse(valid));
    expectAgreement(msisdnDirectoryPageCheck, msisdnDirectoryPageSchema, { items: [], next: null }, 'empty');
  });

  it('refuses what the schema refuses: any field of an entry of the wrong kind or missing, a wrong enum', () => {
    expectAgreementOnMutations(msisdnDirectoryPageCheck, msisdnDirectoryPageSchema, valid, 400);
    for (const consentStatus of ['GRANTED', 'REVOKED', 'granted', 'UNKNOWN'])
      expectAgreement(
        msisdnDirectoryPageCheck,
        msisdnDirectoryPageSchema,
        { items: [{ ...entry(1), consentStatus }], next: null },
        consentStatus,
      );
  });
});
