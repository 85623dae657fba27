import type { Executor } from './database.ts';

/** Who an audit_log row names: a portal user, or a system name such as 'system:seed' or 'system:scheduler'. */
export interface AuditActor {
  userId: number | null;
  name: string;
  requestId?: string | undefined;
}

/** What an audit_log row says happened, to which entity of which company. */
export interface AuditEvent {
  action: string;
  entity: string;
  entityId?: string | number | null;
  companyId?: number | null;
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit event on the given executor (inside the caller's transaction): events/audit.ts's audit(). Rooms
 * below the events room (identity) take it as a parameter from the composition root.
 */
export type RecordAudit = (db: Executor, actor: AuditActor, event: AuditEvent) => Promise<void>;
