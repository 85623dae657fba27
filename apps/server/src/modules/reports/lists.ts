import { sql } from 'kysely';
import {
  LIST_EXPORTS,
  minorToDecimal,
  ROLES,
  type ListExportFormat,
  type ListExportKey,
  type LocaleCode,
  type ReportContext,
} from '@lbs/contracts';
import type { Caller } from '../../access/caller.ts';
import { ownCompanyOf } from '../../access/scope.ts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { rowNormaliser, type ExportSource } from './engine.ts';
import { reportTexts } from './export/texts.ts';
import { streamExport } from './export/write.ts';
import { checkExportSize } from './service.ts';

/** A list page's service call: one page of the list for the caller, with the list's own filters and sort. */
export type ListPageFn = (
  caller: Caller,
  query: Record<string, unknown> & { page: number; size: number },
) => Promise<{ items: unknown[]; total: number }>;

/** Rows a list export reads per call of the list's service. */
const LIST_BATCH = 500;

type Item = Record<string, unknown>;
const minutes = (v: unknown) => (typeof v === 'number' ? v * 60 : null);

/** A list item → the export's row, where a column is derived rather than the item's own field. */
const DERIVED: Partial<Record<ListExportKey, (item: Item) => Item>> = {
  companies: (i) => ({
    ...i,
    timeZone:
      (i.config as { trackingWindow?: { timezone?: string } } | undefined)?.trackingWindow?.timezone ?? null,
  }),
  users: (i) => ({
    ...i,
    // The effective role: the highest the user holds.
    role: ROLES.find((r) => (i.roles as string[]).includes(r)) ?? null,
  }),
  pois: (i) => {
    const geometry = i.geometry as { type: string; radiusM?: number };
    const centroid = i.centroid as { lat: number; lon: number };
    return {
      ...i,
      latitude: centroid.lat,
      longitude: centroid.lon,
      radiusM: geometry.type === 'circle' ? (geometry.radiusM ?? null) : null,
      areaM2: Math.round(Number(i.areaM2)),
    };
  },
  attendance: (i) => ({
    ...i,
    inside: minutes(i.minutesInside),
    late: minutes(i.lateMinutes),
    earlyExit: minutes(i.earlyExitMinutes),
    overridden: i.override !== null,
  }),
  invoices: (i) => {
    const currency = String(i.currency);
    return {
      ...i,
      total: minorToDecimal(Number(i.totalMinor), currency),
      paid: minorToDecimal(Number(i.paidMinor), currency),
      balance: minorToDecimal(Number(i.balanceMinor), currency),
    };
  },
};

/**
 * Every list page's Export: the caller's list with its filters and sort, read page by page through the list's own
 * service (so scope, filters and order are exactly the screen's), written by the report writers. Audited.
 */
export function listExports({ db }: { db: Db }) {
  async function contextOf(caller: Caller, companyId: unknown): Promise<ReportContext> {
    const id = ownCompanyOf(caller.scope) ?? (typeof companyId === 'number' ? companyId : undefined);
    const company =
      id === undefined
        ? undefined
        : await db
            .selectFrom('companies')
            .select(['id', 'name', sql<string | null>`config->'trackingWindow'->>'timezone'`.as('tz')])
            .where('id', '=', id)
            .executeTakeFirst();
    const timeZone = company?.tz ?? 'UTC';
    const today = new Date().toISOString().slice(0, 10);
    return {
      company: company ? { id: company.id, name: company.name } : { id: 0, name: '' },
      timeZone,
      from: today,
      to: today,
      department: null,
      zone: null,
    };
  }

  return {
    async exportList(
      caller: Caller,
      key: ListExportKey,
      list: ListPageFn,
      query: Record<string, unknown>,
      options: { format: ListExportFormat; locale: LocaleCode },
    ) {
      const columns = LIST_EXPORTS[key].columns;
      const derive = DERIVED[key] ?? ((i: Item) => i);
      const normalise = rowNormaliser(columns);
      const first = await list(caller, { ...query, page: 1, size: LIST_BATCH });
      checkExportSize(options.format, first.total);
      const source: ExportSource = {
        key: `list.${key}`,
        columns,
        context: await contextOf(caller, query.companyId),
        count: async () => first.total,
        async *batches() {
          let page = first;
          for (let n = 1; ; n++) {
            if (n > 1) page = await list(caller, { ...query, page: n, size: LIST_BATCH });
            if (page.items.length) yield page.items.map((i) => normalise(derive(i as Item)));
            if (page.items.length < LIST_BATCH) return;
          }
        },
      };
      await audit(db, actorOf(caller), {
        action: 'list.export',
        entity: 'list',
        entityId: key,
        companyId: source.context.company.id || null,
        detail: { format: options.format, rows: first.total, query },
      });
      return streamExport(options.format, source, reportTexts(options.locale));
    },
  };
}
export type ListExports = ReturnType<typeof listExports>;
