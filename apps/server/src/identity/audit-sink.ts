import type { Executor } from '../db/database.ts';

/**
 * How identity records what the audit log must show (every sign-in attempt, lockouts, sign-outs). The audit helper
 * lives in the events room, above identity, so identity names only the shape it needs and the composition root
 * passes events/audit.ts's audit(), which writes the row on the given executor (inside the caller's transaction).
 */
export interface IdentityAuditActor {
  userId: number | null;
  name: string;
  requestId?: string | undefined;
}

export interface IdentityAuditEvent {
  action: string;
  entity: string;
  entityId?: string | number | null;
  companyId?: number | null;
  detail?: Record<string, unknown>;
}

export type RecordAudit = (
  db: Executor,
  actor: IdentityAuditActor,
  event: IdentityAuditEvent,
) => Promise<void>;
