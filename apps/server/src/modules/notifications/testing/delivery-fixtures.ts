import { expect } from 'vitest';
import type { NotificationRule } from '@lbs/contracts';
import { captureLog } from '../../../../test/capture-log.ts';
import { emit } from '../../../events/emit.ts';
import { EventDispatcher } from '../../../events/processors.ts';
import type { PresencePayload } from '../../../events/types.ts';
import { MessageRelay, logSmsGateway, smtpTransport } from '../../../messaging/index.ts';
import type { SmtpSink } from '../../../messaging/testing/smtp-sink.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { NOTIFICATION_PROCESSOR, notificationProcessor } from '../processor.ts';

/** What the world needs of the organisation fixtures (modules/organisation/test-fixtures.ts's orgFixtures). */
interface Fixtures {
  db: Db;
  call(who: 'CA', method: 'POST', path: string, payload: unknown): Promise<LightMyRequestResponse>;
  unique(): string;
  companyId(code: string): Promise<number>;
}

/**
 * The delivery tests' world over the demo seed: a dispatcher of the notification processor on a clock the test moves
 * (the app's own dispatcher does not run: LBS_WORKER is off), a relay to a real SMTP server on loopback, and helpers
 * to make rules and emit presence events.
 */
export function deliveryWorld(f: Fixtures, sink: SmtpSink, publicUrl: string) {
  const clock = { now: new Date() };
  const { log } = captureLog();
  const mail = smtpTransport(sink.url);
  const relay = new MessageRelay({
    db: f.db,
    log,
    mail,
    sms: logSmsGateway(log),
    from: 'LBS <no-reply@lbs.local>',
  });

  /** A dispatcher (a worker) running the processor under `name`, on the test's clock. */
  function worker(name = NOTIFICATION_PROCESSOR) {
    const dispatcher = new EventDispatcher({ db: f.db, log, clock: () => clock.now });
    dispatcher.register({ ...notificationProcessor({ publicUrl, now: () => clock.now }), name });
    return {
      dispatcher,
      /**
       * Runs batches until nothing is left. Events not below the horizon yet are waited for: the horizon is the
       * cluster's, so another test file's transaction (in its own database) can hold it back for a while.
       */
      async drain(): Promise<number> {
        let total = 0;
        for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
          const r = await dispatcher.runBatch(name);
          total += r.processed;
          if (r.retryAt) throw new Error(`processor failed: ${JSON.stringify(await dispatcher.status())}`);
          if (!r.more && !r.waiting) return total;
          if (r.waiting) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('processor did not drain');
      },
    };
  }

  async function rule(body: Record<string, unknown>): Promise<NotificationRule> {
    const response = await f.call('CA', 'POST', '/notification-rules', {
      name: `Rule ${f.unique()}`,
      eventTypes: ['GEOFENCE_ENTER'],
      channels: ['IN_APP'],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as NotificationRule;
  }

  /** A company-wide POI of company A. */
  async function poi(): Promise<{ id: number; name: string }> {
    return f.db
      .selectFrom('pois')
      .select(['id', 'name'])
      .where('company_id', '=', await f.companyId('ALPHA'))
      .where('department_id', 'is', null)
      .where('zone_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  /** A presence event of the MSISDN at the POI (committed at once). */
  async function presence(
    type: 'GEOFENCE_ENTER' | 'GEOFENCE_EXIT',
    msisdnId: number,
    poiId: number,
    at: Date,
  ): Promise<number> {
    const payload: PresencePayload = {
      poiId,
      visitKey: `${msisdnId}:${poiId}:${at.toISOString()}`,
      earliest: at.toISOString(),
      latest: at.toISOString(),
      enteredAt: at.toISOString(),
      exitedAt: type === 'GEOFENCE_EXIT' ? at.toISOString() : null,
      dwellMinutes: 0,
      confidence: 0.9,
      closedBy: type === 'GEOFENCE_EXIT' ? 'EXIT' : 'OPEN',
    };
    const { company_id: companyId } = await f.db
      .selectFrom('msisdns')
      .select('company_id')
      .where('id', '=', msisdnId)
      .executeTakeFirstOrThrow();
    const id = await f.db.transaction().execute((tx) =>
      emit(tx, {
        type,
        companyId,
        msisdnId,
        subject: { type: 'msisdn', id: msisdnId },
        payload,
        occurredAt: at,
      }),
    );
    return id!;
  }

  const deliveries = (eventIds: readonly number[]) =>
    eventIds.length
      ? f.db
          .selectFrom('notification_deliveries')
          .selectAll()
          .where('event_id', 'in', [...eventIds])
          .orderBy('event_id')
          .orderBy('recipient_user_id')
          .orderBy('channel')
          .execute()
      : Promise.resolve([]);

  return { clock, relay, closeMail: () => mail.close(), worker, rule, poi, presence, deliveries };
}
