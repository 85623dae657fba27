import type { Insertable } from 'kysely';
import type { AuditActor, AuditEvent } from '../db/audit-log.ts';
import type { Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { storableJson } from '../lib/storable.ts';

export type { AuditActor, AuditEvent };

/** The audit actor of a request's verified caller (access/caller.ts's Caller, or anything shaped like it). */
export function actorOf(caller: {
  user: { id: number; username: string };
  requestId?: string | undefined;
}): AuditActor {
  return { userId: caller.user.id, name: caller.user.username, requestId: caller.requestId };
}

export const SYSTEM_ACTOR = (name: string): AuditActor => ({ userId: null, name: `system:${name}` });

/** The audit_log row of one event. */
export function auditRow(actor: AuditActor, event: AuditEvent): Insertable<Database['audit_log']> {
  return {
    actor_user_id: actor.userId,
    actor: actor.name,
    action: event.action,
    entity: event.entity,
    entity_id: event.entityId == null ? null : String(event.entityId),
    company_id: event.companyId ?? null,
    request_id: actor.requestId ?? null,
    detail: JSON.stringify(storableJson(event.detail ?? {})),
  };
}

/**
 * The one helper every write (and every view of a location) calls, inside the same transaction as the write,
 * so an acknowledged write always has its audit event.
 */
export async function audit(db: Executor, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(actor, event)).execute();
}

/** Several events of one write (a batch of an import) in one insert, same transaction rule as audit(). */
export async function auditMany(db: Executor, actor: AuditActor, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(events.map((event) => auditRow(actor, event)))
    .execute();
}
