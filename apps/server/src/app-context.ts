import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { VerifiedToken } from './identity/token-verifier.ts';

/** What the domain plugins are built from: config, the database and the token verifier. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  verifyToken: (token: string) => Promise<VerifiedToken>;
}
