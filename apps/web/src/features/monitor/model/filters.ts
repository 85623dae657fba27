import type { HierarchyMode } from '@lbs/contracts';
import { freshnessOf, type Freshness } from './freshness.ts';
import type { MonitorItem } from './positions-store.ts';

export interface MonitorFilters {
  /** Number (digits, any spelling) or employee name (any case, accents ignored). */
  q: string;
  companyId: number | null;
  /** Applied in DEPARTMENT hierarchy mode. */
  departmentId: number | null;
  /** Applied in ZONE hierarchy mode. */
  zoneId: number | null;
  designationId: number | null;
  /** Empty: every state. */
  freshness: readonly Freshness[];
}

export const NO_FILTERS: MonitorFilters = {
  q: '',
  companyId: null,
  departmentId: null,
  zoneId: null,
  designationId: null,
  freshness: [],
};

export function itemFreshness(item: MonitorItem, nowMs: number): Freshness {
  return freshnessOf(item.directory?.consentStatus, item.fix?.timeMs, nowMs);
}

/** Lower case without diacritics: "José" matches "jose". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface CompiledSearch {
  digits: string;
  text: string;
}

function compileSearch(q: string): CompiledSearch | null {
  const trimmed = q.trim();
  if (!trimmed) return null;
  // "+966 50-1234" → "966501234"; a query with letters is a name.
  const digits = /^[\d\s()+.-]+$/.test(trimmed) ? trimmed.replace(/\D/g, '') : '';
  return { digits, text: foldText(trimmed) };
}

export interface FilterResult {
  /** The items every filter lets through, in the given order. */
  items: MonitorItem[];
  /** Per state, the items all the other filters let through (the counts on the freshness chips). */
  counts: Record<Freshness, number>;
}

/**
 * Applies the filters in one pass. The hierarchy mode decides which of department or zone applies (SPEC §4); an
 * item the directory has not described yet fails a designation filter.
 */
export function filterItems(
  items: readonly MonitorItem[],
  filters: MonitorFilters,
  mode: HierarchyMode,
  nowMs: number,
): FilterResult {
  const search = compileSearch(filters.q);
  const freshness = filters.freshness.length > 0 ? new Set(filters.freshness) : null;
  const departmentId = mode === 'DEPARTMENT' ? filters.departmentId : null;
  const zoneId = mode === 'ZONE' ? filters.zoneId : null;
  const out: MonitorItem[] = [];
  const counts: Record<Freshness, number> = { live: 0, stale: 0, noFix: 0, noConsent: 0 };
  for (const item of items) {
    if (filters.companyId !== null && item.companyId !== filters.companyId) continue;
    if (departmentId !== null && item.departmentId !== departmentId) continue;
    if (zoneId !== null && item.zoneId !== zoneId) continue;
    if (filters.designationId !== null && item.directory?.designationId !== filters.designationId) continue;
    if (search && !matchesSearch(item, search)) continue;
    const state = itemFreshness(item, nowMs);
    counts[state]++;
    if (freshness && !freshness.has(state)) continue;
    out.push(item);
  }
  return { items: out, counts };
}

function matchesSearch(item: MonitorItem, search: CompiledSearch): boolean {
  if (search.digits && item.msisdn.replace(/\D/g, '').includes(search.digits)) return true;
  return (
    foldText(item.employeeName).includes(search.text) ||
    (search.digits === '' && foldText(item.msisdn).includes(search.text))
  );
}

export interface FilterOption {
  id: number;
  name: string;
}

export interface FilterOptions {
  companies: FilterOption[];
  departments: FilterOption[];
  zones: FilterOption[];
  designations: FilterOption[];
}

/**
 * The choices of the filter selects, taken from the directory (so they are exactly what is in scope); within the
 * chosen company when there is one. Sorted by name.
 */
export function filterOptions(items: readonly MonitorItem[], companyId: number | null): FilterOptions {
  const companies = new Map<number, string>();
  const departments = new Map<number, string>();
  const zones = new Map<number, string>();
  const designations = new Map<number, string>();
  for (const item of items) {
    const d = item.directory;
    if (!d) continue;
    companies.set(d.companyId, d.companyName);
    if (companyId !== null && d.companyId !== companyId) continue;
    departments.set(d.departmentId, d.departmentName);
    if (d.zoneId !== null && d.zoneName !== null) zones.set(d.zoneId, d.zoneName);
    designations.set(d.designationId, d.designationName);
  }
  const sorted = (m: Map<number, string>) =>
    [...m].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    companies: sorted(companies),
    departments: sorted(departments),
    zones: sorted(zones),
    designations: sorted(designations),
  };
}
