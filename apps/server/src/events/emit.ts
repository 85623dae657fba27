import { sql } from 'kysely';
import { arrayLiteral, type ArrayElement } from '../db/arrays.ts';
import type { Db } from '../db/database.ts';
import { EVENTS_CHANNEL, type ConsentChannel, type EventPayloads, type EventType } from './types.ts';

export interface NewEvent<T extends EventType> {
  type: T;
  companyId: number | null;
  msisdnId?: number | null;
  subject?: { type: string; id: string | number };
  payload: EventPayloads[T];
  /** A second event with the same key is not written (a retried request, a re-run job); default: none. */
  idempotencyKey?: string;
  occurredAt?: Date;
}

/**
 * Writes an event in the caller's transaction — it exists exactly when the change it describes commits — and
 * notifies the processors on commit. Returns the event id, or undefined when the idempotency key was used already.
 */
export async function emit<T extends EventType>(tx: Db, event: NewEvent<T>): Promise<number | undefined> {
  const row = await tx
    .insertInto('domain_events')
    .values({
      type: event.type,
      company_id: event.companyId,
      msisdn_id: event.msisdnId ?? null,
      subject_type: event.subject?.type ?? null,
      subject_id: event.subject ? String(event.subject.id) : null,
      payload: JSON.stringify(event.payload),
      idempotency_key: event.idempotencyKey ?? null,
      ...(event.occurredAt ? { occurred_at: event.occurredAt } : {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await sql`select pg_notify(${EVENTS_CHANNEL}, ${event.type})`.execute(tx);
  return row?.id;
}

/**
 * Several events in one statement (the presence engine's batches): each written unless its idempotency key was used
 * already, the processors notified once per type on commit. Answers how many were written.
 */
export async function emitMany(tx: Db, events: readonly NewEvent<EventType>[]): Promise<number> {
  if (!events.length) return 0;
  const col = (f: (e: NewEvent<EventType>) => ArrayElement) => arrayLiteral(events.map(f));
  // Arrays unnested: one statement of a fixed shape whatever the number of events (a VALUES list of thousands of
  // rows costs more to build, send and plan than to insert).
  const { rows } = await sql<{ type: string }>`
    insert into domain_events (type, company_id, msisdn_id, subject_type, subject_id, payload, idempotency_key,
                               occurred_at)
    select t, c, m, st, si, p, k, coalesce(o, now()) from unnest(
      ${col((e) => e.type)}::text[], ${col((e) => e.companyId)}::int[], ${col((e) => e.msisdnId ?? null)}::int[],
      ${col((e) => e.subject?.type ?? null)}::text[],
      ${col((e) => (e.subject ? String(e.subject.id) : null))}::text[],
      ${col((e) => JSON.stringify(e.payload))}::jsonb[], ${col((e) => e.idempotencyKey ?? null)}::text[],
      ${col((e) => e.occurredAt?.toISOString() ?? null)}::timestamptz[]
    ) as u(t, c, m, st, si, p, k, o)
    on conflict (idempotency_key) do nothing
    returning type`.execute(tx);
  if (rows.length)
    await sql`select pg_notify(${EVENTS_CHANNEL}, t) from unnest(${[...new Set(rows.map((r) => r.type))]}::text[]) t`.execute(
      tx,
    );
  return rows.length;
}

interface MsisdnRef {
  id: number;
  msisdn: string;
  companyId: number;
}

/** Consent became GRANTED (an SMS reply YES, or a portal action). */
export function emitConsentGranted(
  tx: Db,
  m: MsisdnRef,
  change: { via: ConsentChannel; previous: 'PENDING' | 'REVOKED'; at: Date },
) {
  return emit(tx, {
    type: 'CONSENT_GRANTED',
    companyId: m.companyId,
    msisdnId: m.id,
    subject: { type: 'msisdn', id: m.id },
    payload: { msisdn: m.msisdn, via: change.via, previous: change.previous },
    idempotencyKey: `CONSENT_GRANTED:${m.id}:${change.at.toISOString()}`,
    occurredAt: change.at,
  });
}

/** Consent became REVOKED. */
export function emitConsentRevoked(
  tx: Db,
  m: MsisdnRef,
  change: { via: ConsentChannel; previous: 'PENDING' | 'GRANTED'; at: Date },
) {
  return emit(tx, {
    type: 'CONSENT_REVOKED',
    companyId: m.companyId,
    msisdnId: m.id,
    subject: { type: 'msisdn', id: m.id },
    payload: { msisdn: m.msisdn, via: change.via, previous: change.previous },
    idempotencyKey: `CONSENT_REVOKED:${m.id}:${change.at.toISOString()}`,
    occurredAt: change.at,
  });
}

/** An MSISDN was added (by hand or by an import). */
export function emitMsisdnCreated(
  tx: Db,
  m: MsisdnRef & { departmentId: number; zoneId: number | null; importId?: string | null },
) {
  return emit(tx, {
    type: 'MSISDN_CREATED',
    companyId: m.companyId,
    msisdnId: m.id,
    subject: { type: 'msisdn', id: m.id },
    payload: {
      msisdn: m.msisdn,
      departmentId: m.departmentId,
      zoneId: m.zoneId,
      importId: m.importId ?? null,
    },
    idempotencyKey: `MSISDN_CREATED:${m.id}`,
  });
}

/** An MSISDN was deleted (its positions go with it; the event keeps its number). */
export function emitMsisdnDeleted(tx: Db, m: MsisdnRef) {
  return emit(tx, {
    type: 'MSISDN_DELETED',
    companyId: m.companyId,
    msisdnId: m.id,
    subject: { type: 'msisdn', id: m.id },
    payload: { msisdn: m.msisdn },
    idempotencyKey: `MSISDN_DELETED:${m.id}`,
  });
}

/**
 * A batch of stored positions: one event per company in the batch (processors and tenants stay apart), keyed by
 * the company and the batch's first position id.
 */
export async function emitPositionsStored(
  tx: Db,
  positions: readonly { id: number; msisdnId: number; companyId: number; time: Date }[],
): Promise<number[]> {
  const byCompany = new Map<number, (typeof positions)[number][]>();
  for (const p of positions) {
    let list = byCompany.get(p.companyId);
    if (!list) byCompany.set(p.companyId, (list = []));
    list.push(p);
  }
  const ids: number[] = [];
  for (const [companyId, list] of byCompany) {
    const times = list.map((p) => p.time.getTime());
    const id = await emit(tx, {
      type: 'POSITIONS_STORED',
      companyId,
      payload: {
        positionIds: list.map((p) => p.id),
        msisdnIds: [...new Set(list.map((p) => p.msisdnId))],
        from: new Date(Math.min(...times)).toISOString(),
        to: new Date(Math.max(...times)).toISOString(),
      },
      idempotencyKey: `POSITIONS_STORED:${companyId}:${Math.min(...list.map((p) => p.id))}`,
    });
    if (id !== undefined) ids.push(id);
  }
  return ids;
}
