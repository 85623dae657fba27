import type { MonitorPositionsQuery } from '@lbs/contracts';
import type { Scope } from '../../access/scope.ts';

/**
 * What one Monitor snapshot holds: the MSISDNs of one company, department and/or zone (each either fixed or open),
 * or nothing. It is the caller's tier narrowed by the request's filters, so callers who see the same MSISDNs share a
 * snapshot, and callers of another tenant can never name one of a company they do not reach.
 */
export type MonitorView =
  { none: true } | { none?: undefined; companyId?: number; departmentId?: number; zoneId?: number };

type Filters = Pick<MonitorPositionsQuery, 'companyId' | 'departmentId' | 'zoneId'>;

/** The caller's tier (scope.ts) narrowed by the filters; a filter that contradicts the tier leaves nothing. */
export function monitorViewOf(scope: Scope, filters: Filters): MonitorView {
  if (scope.tier === 'none') return { none: true };
  const view: { companyId?: number; departmentId?: number; zoneId?: number } = {};
  if (scope.tier !== 'all') view.companyId = scope.companyId;
  if (scope.tier === 'department') view.departmentId = scope.departmentId;
  if (scope.tier === 'zone') view.zoneId = scope.zoneId;
  for (const field of ['companyId', 'departmentId', 'zoneId'] as const) {
    const wanted = filters[field];
    if (wanted === undefined) continue;
    if (view[field] !== undefined && view[field] !== wanted) return { none: true };
    view[field] = wanted;
  }
  return view;
}

/** The snapshot's key: equal views, equal keys. */
export function monitorViewKey(view: MonitorView): string {
  if (view.none) return 'none';
  return `c${view.companyId ?? '*'}.d${view.departmentId ?? '*'}.z${view.zoneId ?? '*'}`;
}

/** Whether a live position (placed where its MSISDN is now) belongs in the view. */
export function monitorViewHolds(
  view: MonitorView,
  row: { companyId: number; departmentId: number; zoneId: number | null },
): boolean {
  if (view.none) return false;
  return (
    (view.companyId === undefined || view.companyId === row.companyId) &&
    (view.departmentId === undefined || view.departmentId === row.departmentId) &&
    (view.zoneId === undefined || view.zoneId === row.zoneId)
  );
}

/** Whether a change in the company (`*`: anywhere) can change what the view holds. */
export function monitorViewTouchedBy(view: MonitorView, companyId: number | '*'): boolean {
  if (view.none) return false;
  return companyId === '*' || view.companyId === undefined || view.companyId === companyId;
}

/** "1-5,9,12-14": MSISDN ids (ascending) in the audit's compact form. */
export function idRanges(sortedIds: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sortedIds.length;) {
    let j = i;
    while (j + 1 < sortedIds.length && sortedIds[j + 1] === sortedIds[j]! + 1) j++;
    parts.push(i === j ? `${sortedIds[i]}` : `${sortedIds[i]}-${sortedIds[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}
