import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { queueMail, queueSms } from './queue.ts';
import { MessageRelay } from './relay.ts';
import { smtpTransport } from './transports.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

/**
 * The relay's per-company limits against a real SMTP server on loopback (which counts what arrives): a company's
 * flood leaves at most its limit a minute, the rest the next minute — none lost, none twice — while other
 * companies' and the operator's own mail are not held up.
 */
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let sink: SmtpSink;
let alpha: number;
let beta: number;
const LIMITS = { EMAIL: 120, SMS: 30 };
const START = new Date('2026-05-01T08:00:10Z');

beforeAll(async () => {
  handle = await openTestDatabase();
  sink = await startSmtpSink();
  const company = async (code: string) =>
    (
      await sql<{ id: number }>`insert into companies (name, code, config, price_plan)
        values (${code}, ${code}, '{}', '{}') returning id`.execute(handle.db)
    ).rows[0]!.id;
  alpha = await company('ALPHA');
  beta = await company('BETA');
});
afterAll(async () => {
  await sink?.close();
  await handle?.dispose();
});
beforeEach(async () => {
  await handle.db.deleteFrom('outbox_messages').execute();
  await handle.db.deleteFrom('outbox_rate_limits').execute();
  sink.received.length = 0;
});

/** A relay on the test's clock, to the sink, with the SMS it "sent" recorded. */
function relay(clock: { now: Date }) {
  const { log, lines } = captureLog();
  const mail = smtpTransport(sink.url);
  const sms: string[] = [];
  const r = new MessageRelay({
    db: handle.db,
    log,
    mail,
    sms: { kind: 'test', send: async (m) => void sms.push(m.text) },
    from: 'LBS <no-reply@lbs.local>',
    limits: LIMITS,
    clock: () => clock.now,
  });
  return Object.assign(r, { lines, sms, closeMail: () => mail.close() });
}

/** Queues `n` e-mails of a company (undefined: the operator's own), due at the test's start. */
async function flood(n: number, companyId: number | undefined, tag: string) {
  for (let i = 0; i < n; i++)
    await queueMail(handle.db, {
      to: `${tag}${i}@example.com`,
      subject: `${tag} ${i}`,
      text: 'x',
      companyId,
    });
  await handle.db.updateTable('outbox_messages').set({ next_attempt_at: START }).execute();
}

const messages = () => handle.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();

describe('sending limits per company and channel', () => {
  // 205 SMTP sessions: the sink answers each connection after smtp-server's 100 ms early-talker pause.
  it(
    'sends 200 e-mails of one company as its limit a minute, the rest the next minute, each once; others are not held up',
    { timeout: 120_000 },
    async () => {
      await flood(200, alpha, 'alpha');
      await flood(3, beta, 'beta');
      await flood(2, undefined, 'operator');
      const clock = { now: START };
      const r = relay(clock);
      try {
        expect(await r.relayDue()).toEqual({ sent: 125, failed: 0, dead: 0 });
        // Within the minute, nothing more leaves for the company that reached its limit.
        clock.now = new Date('2026-05-01T08:00:59Z');
        expect(await r.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
        const waiting = (await messages()).filter((m) => m.status !== 'SENT');
        expect(waiting).toHaveLength(80);
        expect(
          waiting.every(
            (m) =>
              m.company_id === alpha &&
              m.status === 'PENDING' &&
              m.attempts === 0 &&
              m.last_error === null &&
              m.next_attempt_at.toISOString() === '2026-05-01T08:01:00.000Z',
          ),
        ).toBe(true);
        expect(r.lines.some((l) => l.msg?.startsWith('sending limit of the company reached'))).toBe(true);

        clock.now = new Date('2026-05-01T08:01:00Z');
        expect(await r.relayDue()).toEqual({ sent: 80, failed: 0, dead: 0 });
      } finally {
        r.closeMail();
      }
      const rows = await messages();
      expect(rows.every((m) => m.status === 'SENT' && m.attempts === 1)).toBe(true);
      const perMinute = (companyId: number | null) =>
        rows
          .filter((m) => m.company_id === companyId)
          .reduce<Record<string, number>>((acc, m) => {
            const minute = m.sent_at!.toISOString().slice(11, 16);
            acc[minute] = (acc[minute] ?? 0) + 1;
            return acc;
          }, {});
      expect(perMinute(alpha)).toEqual({ '08:00': 120, '08:01': 80 });
      expect(perMinute(beta)).toEqual({ '08:00': 3 });
      expect(perMinute(null)).toEqual({ '08:00': 2 });
      // The SMTP server got each message once: 205 distinct Message-IDs, the same as the outbox's.
      expect(sink.received).toHaveLength(205);
      expect(new Set(sink.received.map((m) => m.messageId))).toEqual(new Set(rows.map((m) => m.message_id)));
    },
  );

  it('counts SMS apart from e-mail, with their own limit', async () => {
    for (let i = 0; i < 40; i++)
      await queueSms(handle.db, { to: `+3934700000${i}`, text: `sms ${i}`, companyId: alpha });
    await flood(5, alpha, 'mail');
    const clock = { now: START };
    const r = relay(clock);
    try {
      expect(await r.relayDue()).toEqual({ sent: 35, failed: 0, dead: 0 });
      expect(r.sms).toHaveLength(30);
      expect(sink.received).toHaveLength(5);
      clock.now = new Date('2026-05-01T08:01:30Z');
      expect(await r.relayDue()).toEqual({ sent: 10, failed: 0, dead: 0 });
    } finally {
      r.closeMail();
    }
    expect(new Set(r.sms).size).toBe(40);
  });

  it('holds the limit across relays racing in one minute (replicas share the count)', async () => {
    await flood(150, alpha, 'race');
    const clock = { now: START };
    const relays = [relay(clock), relay(clock), relay(clock)];
    try {
      const reports = await Promise.all(relays.map((r) => r.relayDue()));
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(120);
      clock.now = new Date('2026-05-01T08:01:00Z');
      const later = await Promise.all(relays.map((r) => r.relayDue()));
      expect(later.reduce((n, r) => n + r.sent, 0)).toBe(30);
    } finally {
      for (const r of relays) r.closeMail();
    }
    expect(sink.received).toHaveLength(150);
    expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(150);
    expect(await handle.db.selectFrom('outbox_rate_limits').selectAll().execute()).toMatchObject([
      { company_id: alpha, channel: 'EMAIL', sent: 30, minute: new Date('2026-05-01T08:01:00Z') },
    ]);
  });
});
