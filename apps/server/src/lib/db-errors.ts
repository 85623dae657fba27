/** PostgreSQL error classes the services turn into 409s (same codes on PGlite and PostgreSQL). */
interface PgError {
  code?: string;
  constraint?: string;
}

function pgError(error: unknown): PgError | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? (error as PgError) : undefined;
}

/** 23505: a unique index refused the write; `constraint` narrows it to one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** 23503: a foreign key refused the write (a delete of something still referenced, or a reference to nothing). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}

/** The index a unique violation names (PostgreSQL and PGlite both report it), or undefined. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  return isUniqueViolation(error) ? pgError(error)?.constraint : undefined;
}

/** 42P01: the statement names a table that does not exist (dropped by another worker meanwhile). */
export function isUndefinedTable(error: unknown): boolean {
  return pgError(error)?.code === '42P01';
}
