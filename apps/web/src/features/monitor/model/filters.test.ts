import { describe, expect, it } from 'vitest';
import { filterItems, filterOptions, foldText, NO_FILTERS, type MonitorFilters } from './filters.ts';
import { PositionsStore } from './positions-store.ts';
import { entry, position } from './test-fixtures.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const FRESH = new Date(NOW - 60_000).toISOString();
const OLD = new Date(NOW - 3_600_000).toISOString();

/** Alpha (company 1): depts 10/11, zones 100/101; Beta (company 2) has no zones. */
function items() {
  const store = new PositionsStore();
  store.applySnapshot({
    items: [
      position(1, FRESH, { msisdn: '+966501112222', employeeName: 'José Álvarez' }),
      position(2, OLD, {
        msisdn: '+966503334444',
        employeeName: 'Layla Nasser',
        departmentId: 11,
        zoneId: 101,
      }),
      position(3, FRESH, {
        msisdn: '+393471234567',
        employeeName: 'Marco Rossi',
        companyId: 2,
        departmentId: 20,
        zoneId: null,
      }),
      position(4, FRESH, { msisdn: '+966505556666', employeeName: 'Omar Haddad' }),
    ],
    generatedAt: new Date(NOW).toISOString(),
    cursor: 'e.0',
    full: true,
  });
  store.applyDirectory([
    entry(1, {
      msisdn: '+966501112222',
      employeeName: 'José Álvarez',
      designationId: 1000,
      designationName: 'Driver',
    }),
    entry(2, {
      msisdn: '+966503334444',
      employeeName: 'Layla Nasser',
      departmentId: 11,
      departmentName: 'Sales',
      zoneId: 101,
      zoneName: 'South',
      designationId: 1001,
      designationName: 'Courier',
    }),
    entry(3, {
      msisdn: '+393471234567',
      employeeName: 'Marco Rossi',
      companyId: 2,
      companyName: 'Beta Construction',
      departmentId: 20,
      departmentName: 'Site Crew',
      zoneId: null,
      zoneName: null,
      designationId: 2000,
      designationName: 'Foreman',
    }),
    entry(5, {
      msisdn: '+966507778888',
      employeeName: 'Sara Nofix',
      designationId: 1000,
      designationName: 'Driver',
    }),
    entry(6, { msisdn: '+966509990000', employeeName: 'Pending Person', consentStatus: 'PENDING' }),
  ]);
  // 4 has a fix but no directory entry yet.
  return store.list();
}

const ids = (f: Partial<MonitorFilters>, mode: 'DEPARTMENT' | 'ZONE' = 'DEPARTMENT') =>
  filterItems(items(), { ...NO_FILTERS, ...f }, mode, NOW)
    .items.map((i) => i.id)
    .sort();

describe('filterItems', () => {
  it('lets everything through without filters and counts the states', () => {
    const result = filterItems(items(), NO_FILTERS, 'DEPARTMENT', NOW);
    expect(result.items.map((i) => i.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.counts).toEqual({ live: 3, stale: 1, noFix: 1, noConsent: 1 });
  });

  it('searches numbers by their digits, whatever the spelling', () => {
    expect(ids({ q: '0333' })).toEqual([2]);
    expect(ids({ q: '+39 347' })).toEqual([3]);
    expect(ids({ q: '(966) 50-555' })).toEqual([4]);
  });

  it('searches names without case or accents', () => {
    expect(ids({ q: 'jose' })).toEqual([1]);
    expect(ids({ q: 'ÁLVA' })).toEqual([1]);
    expect(ids({ q: '  nasser ' })).toEqual([2]);
    expect(ids({ q: 'nobody' })).toEqual([]);
  });

  it('filters by company, and by department or zone as the hierarchy mode says', () => {
    expect(ids({ companyId: 2 })).toEqual([3]);
    expect(ids({ departmentId: 11 })).toEqual([2]);
    expect(ids({ departmentId: 11 }, 'ZONE')).toEqual([1, 2, 3, 4, 5, 6]); // not the mode's filter
    expect(ids({ zoneId: 101 }, 'ZONE')).toEqual([2]);
    expect(ids({ zoneId: 101 }, 'DEPARTMENT')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('filters by designation (an item the directory has not described yet does not match)', () => {
    expect(ids({ designationId: 1000 })).toEqual([1, 5, 6]);
  });

  it('filters by state; the counts ignore the state filter but follow the others', () => {
    expect(ids({ freshness: ['live'] })).toEqual([1, 3, 4]);
    expect(ids({ freshness: ['noFix', 'noConsent'] })).toEqual([5, 6]);
    const result = filterItems(
      items(),
      { ...NO_FILTERS, companyId: 1, freshness: ['stale'] },
      'DEPARTMENT',
      NOW,
    );
    expect(result.items.map((i) => i.id)).toEqual([2]);
    expect(result.counts).toEqual({ live: 2, stale: 1, noFix: 1, noConsent: 1 });
  });

  it('combines filters', () => {
    expect(ids({ companyId: 1, designationId: 1000, freshness: ['live'] })).toEqual([1]);
  });
});

describe('filterOptions', () => {
  it('offers what the directory holds, within the chosen company, sorted by name', () => {
    const all = filterOptions(items(), null);
    expect(all.companies).toEqual([
      { id: 1, name: 'Alpha Logistics' },
      { id: 2, name: 'Beta Construction' },
    ]);
    expect(all.departments.map((d) => d.name)).toEqual(['Field Operations', 'Sales', 'Site Crew']);
    expect(all.zones.map((z) => z.name)).toEqual(['North', 'South']);
    const beta = filterOptions(items(), 2);
    expect(beta.companies).toHaveLength(2);
    expect(beta.departments).toEqual([{ id: 20, name: 'Site Crew' }]);
    expect(beta.zones).toEqual([]);
    expect(beta.designations).toEqual([{ id: 2000, name: 'Foreman' }]);
  });
});

describe('foldText', () => {
  it('drops case and diacritics', () => {
    expect(foldText('Ça Élan Ñandú')).toBe('ca elan nandu');
  });
});
