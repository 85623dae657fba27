import { sql, type Kysely } from 'kysely';

/** Runs a script of statements separated by `;` at line ends (PGlite's extended protocol takes one at a time). */
export async function execScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}
