import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** Sortable API field → SQL column (qualified, e.g. `departments.name`), or an expression (a rank). */
export type SortColumns = Record<string, string | RawBuilder<unknown>>;

/**
 * Applies `sort` (`-createdAt,name`; validated against the same fields by the request schema) and always ends with
 * the primary key, so pages are stable.
 */
export function applySort<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: string | undefined,
  columns: SortColumns,
  tieBreaker: string,
  fallback = '',
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  for (const part of (sort || fallback)
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const column = columns[descending ? part.slice(1) : part];
    if (column)
      q = q.orderBy(typeof column === 'string' ? sql.ref(column) : column, descending ? 'desc' : 'asc');
  }
  return q.orderBy(sql.ref(tieBreaker), 'asc');
}

/** `q` → case-insensitive substring match on any of the columns (LIKE wildcards in q are taken literally). */
export function applySearch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  q: string | undefined,
  columns: string[],
): SelectQueryBuilder<DB, TB, O> {
  const text = q?.trim();
  if (!text) return query;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query.where(
    sql<boolean>`(${sql.join(
      columns.map((c) => sql`${sql.ref(c)} ilike ${pattern}`),
      sql` or `,
    )})`,
  );
}

export interface PageRequest {
  page: number;
  size: number;
}

export function applyPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, size }: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  return query.limit(size).offset((page - 1) * size);
}

/** `count(*)` of a filtered query (before joins that only serve the page's columns). */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  return Number((row as { total?: number } | undefined)?.total ?? 0);
}

export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
