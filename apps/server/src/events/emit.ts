import { sql, type RawBuilder } from 'kysely';
import { arrayLiteral, int4Array, timestamptzArray, type ArrayElement } from '../db/arrays.ts';
import { PREPARED } from '../db/prepared.ts';
import type { Db } from '../db/database.ts';
import { timeSpanMs } from '../lib/time-span.ts';
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

/** A notification sent on commit alongside a batch's events (emitMany's `alsoNotify`). */
export interface Notification {
  channel: string;
  payload: string;
}

/**
 * Several events in one statement (the presence engine's and the position pipeline's batches): each written unless
 * its idempotency key was used already, the processors notified once per written type on commit, by the same
 * statement; `alsoNotify` are sent by it too, in their order (the live fan-out's). A batch in the position
 * transaction pays one round trip for what it announces, not three. Answers how many events were written.
 */
export async function emitMany(
  tx: Db,
  events: readonly NewEvent<EventType>[],
  alsoNotify: readonly Notification[] = [],
): Promise<number> {
  if (!events.length) {
    if (alsoNotify.length) await sendAll(tx, alsoNotify);
    return 0;
  }
  const { rows } = await emitManyStatement(events, alsoNotify).execute(tx);
  return Number(rows[0]?.written ?? 0);
}

/** What emitMany's statement answers: events written, types notified, notifications sent. */
interface Announced {
  written: number;
  notified: number;
  also: number;
}

/**
 * emitMany's statement, to run where the caller chooses (the position pipeline sends a batch's with its commit).
 * With no events it writes none and still sends `alsoNotify` (emitMany sends those alone, without the insert).
 */
export function emitManyStatement(
  events: readonly NewEvent<EventType>[],
  alsoNotify: readonly Notification[] = [],
): RawBuilder<Announced> {
  const col = (f: (e: NewEvent<EventType>) => ArrayElement) => arrayLiteral(events.map(f));
  // Arrays unnested: one statement of a fixed shape whatever the number of events (a VALUES list of thousands of
  // rows costs more to build, send and plan than to insert). The notifications read the insert's RETURNING rows, so
  // a type is notified exactly when one of its events was written.
  return sql<Announced>`${PREPARED}
    with written as (
      insert into domain_events (type, company_id, msisdn_id, subject_type, subject_id, payload, idempotency_key,
                                 occurred_at)
      select t, c, m, st, si, p, k, coalesce(o, now()) from unnest(
        ${col((e) => e.type)}::text[], ${int4Array(events.map((e) => e.companyId))}::int[], ${int4Array(events.map((e) => e.msisdnId ?? null))}::int[],
        ${col((e) => e.subject?.type ?? null)}::text[],
        ${col((e) => (e.subject ? String(e.subject.id) : null))}::text[],
        ${col((e) => JSON.stringify(e.payload))}::jsonb[], ${col((e) => e.idempotencyKey ?? null)}::text[],
        ${timestamptzArray(events.map((e) => e.occurredAt ?? null))}::timestamptz[]
      ) as u(t, c, m, st, si, p, k, o)
      on conflict (idempotency_key) do nothing
      returning type
    ),
    notified as (select pg_notify(${EVENTS_CHANNEL}, t) from (select distinct type as t from written) d),
    also as (${notifications(alsoNotify)})
    select (select count(*) from written)::int as written, (select count(*) from notified)::int as notified,
      (select count(*) from also)::int as also`;
}

/** A query sending the notifications in their order. */
function notifications(list: readonly Notification[]) {
  return sql`select pg_notify(c, p) from (
      select c, p from unnest(${arrayLiteral(list.map((n) => n.channel))}::text[],
        ${arrayLiteral(list.map((n) => n.payload))}::text[]) with ordinality as n(c, p, i)
      order by i
    ) ordered`;
}

/** Sends the notifications (on commit) in one statement. */
export async function sendAll(tx: Db, list: readonly Notification[]): Promise<void> {
  if (list.length) await sql`${notifications(list)}`.execute(tx);
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
 * the company and the batch's first position id; `alsoNotify` go in the same statement.
 */
export async function emitPositionsStored(
  tx: Db,
  positions: readonly StoredRef[],
  alsoNotify: readonly Notification[] = [],
): Promise<number> {
  const { rows } = await positionsStoredStatement(positions, alsoNotify).execute(tx);
  return Number(rows[0]?.written ?? 0);
}

interface StoredRef {
  id: number;
  msisdnId: number;
  companyId: number;
  time: Date;
}

/** emitPositionsStored's statement (the position pipeline sends it with the batch's commit). */
export function positionsStoredStatement(
  positions: readonly StoredRef[],
  alsoNotify: readonly Notification[] = [],
): RawBuilder<Announced> {
  const byCompany = new Map<number, (typeof positions)[number][]>();
  for (const p of positions) {
    let list = byCompany.get(p.companyId);
    if (!list) byCompany.set(p.companyId, (list = []));
    list.push(p);
  }
  // One statement for every company of the batch (it runs in the position transaction, once per batch).
  return emitManyStatement(
    [...byCompany].map(([companyId, list]): NewEvent<'POSITIONS_STORED'> => {
      const { from, to } = timeSpanMs(list);
      let first = Infinity;
      for (const p of list) if (p.id < first) first = p.id;
      return {
        type: 'POSITIONS_STORED',
        companyId,
        payload: {
          positionIds: list.map((p) => p.id),
          msisdnIds: [...new Set(list.map((p) => p.msisdnId))],
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
        },
        idempotencyKey: `POSITIONS_STORED:${companyId}:${first}`,
      };
    }),
    alsoNotify,
  );
}
