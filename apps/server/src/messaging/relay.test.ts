import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { enqueue, JobRunner } from '../jobs/index.ts';
import { queueMail, queueSms } from './queue.ts';
import { MessageRelay, RELAY_JOB, RELAY_SCHEDULE, type RelayOptions } from './relay.ts';
import { logSmsGateway, logTransport, smtpTransport } from './transports.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let sink: SmtpSink;
const FROM = 'LBS Portal <no-reply@lbs.local>';

beforeAll(async () => {
  handle = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await handle?.dispose();
});
beforeEach(async () => {
  await handle.db.deleteFrom('outbox_messages').execute();
  sink.received.length = 0;
  sink.mode = 'accept';
});

function relay(options: Partial<RelayOptions> = {}) {
  const { log, lines } = captureLog();
  const mail = smtpTransport(sink.url);
  const r = new MessageRelay({ db: handle.db, log, mail, sms: logSmsGateway(log), from: FROM, ...options });
  return Object.assign(r, { lines, closeMail: () => mail.close() });
}

const rows = () => handle.db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();
const mail = (n: number) => ({
  to: `user${n}@example.com`,
  subject: `Invitation ${n}`,
  text: `Your code is ${n}00000`,
});

describe('queueMail / queueSms', () => {
  it('write a PENDING message with a stable Message-ID in the caller’s transaction, and nothing if it rolls back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await queueMail(trx, mail(1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual([]);

    const queued = await handle.db.transaction().execute(async (trx) => {
      const m = await queueMail(trx, {
        ...mail(2),
        html: '<p>hi</p>',
        headers: { 'X-Tag': 'invite' },
        locale: 'it-IT',
      });
      await queueSms(trx, { to: '+393471234567', text: 'Reply YES' });
      return m;
    });
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@lbs\.local>$/);
    expect(await rows()).toMatchObject([
      {
        channel: 'EMAIL',
        status: 'PENDING',
        attempts: 0,
        message_id: queued.messageId,
        html: '<p>hi</p>',
        headers: { 'X-Tag': 'invite' },
        locale: 'it-IT',
      },
      { channel: 'SMS', status: 'PENDING', to: '+393471234567', body: 'Reply YES', subject: null },
    ]);
  });
});

describe('relay', () => {
  it('without SMTP writes each e-mail and SMS to the log and marks it SENT', async () => {
    await queueMail(handle.db, { ...mail(1), text: 'Open http://localhost:8080/set-password?email=u%40x' });
    await queueSms(handle.db, { to: '+393471234567', text: 'Reply YES' });
    const { log, lines } = captureLog();
    const r = new MessageRelay({
      db: handle.db,
      log,
      mail: logTransport(log),
      sms: logSmsGateway(log),
      from: FROM,
    });
    expect(await r.relayDue()).toEqual({ sent: 2, failed: 0, dead: 0 });
    expect((await rows()).map((m) => [m.status, m.attempts, m.sent_at !== null])).toEqual([
      ['SENT', 1, true],
      ['SENT', 1, true],
    ]);
    expect(lines.some((l) => l.msg?.includes('http://localhost:8080/set-password?email=u%40x'))).toBe(true);
    expect(lines.some((l) => l.msg === 'SMS written to the log: Reply YES')).toBe(true);
    expect(await r.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
  });

  it('sends each message through a real SMTP server exactly once, with its Message-ID', async () => {
    const queued = [];
    for (let i = 1; i <= 3; i++) queued.push(await queueMail(handle.db, { ...mail(i), locale: 'ar-SA' }));
    const r = relay();
    try {
      expect(await r.relayDue()).toEqual({ sent: 3, failed: 0, dead: 0 });
      expect(await r.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
    } finally {
      r.closeMail();
    }
    expect(sink.received.map((m) => [m.messageId, m.to, m.subject])).toEqual(
      queued.map((q, i) => [q.messageId, [`user${i + 1}@example.com`], `Invitation ${i + 1}`]),
    );
    expect(sink.received[0]!.raw).toMatch(/^Content-Language: ar-SA$/im);
    expect(sink.received[0]!.raw).toContain('Your code is 100000');
    expect(
      (await rows()).every((m) => m.status === 'SENT' && m.attempts === 1 && m.last_error === null),
    ).toBe(true);
  });

  for (const mode of ['reject-rcpt', 'close'] as const) {
    it(`leaves a message FAILED with the error when the server ${mode === 'close' ? 'closes the connection' : 'rejects the recipient'}, then retries it and sends it once`, async () => {
      let now = new Date('2026-05-01T08:00:00Z');
      await queueMail(handle.db, mail(1));
      await handle.db.updateTable('outbox_messages').set({ next_attempt_at: now }).execute();
      const r = relay({ clock: () => now, random: () => 1, backoff: { baseMs: 30_000, maxMs: 600_000 } });
      try {
        sink.mode = mode;
        expect(await r.relayDue()).toEqual({ sent: 0, failed: 1, dead: 0 });
        const [failed] = await rows();
        expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, lease_until: null, sent_at: null });
        expect(failed!.last_error).toMatch(mode === 'close' ? /connection|closed|ECONNRESET|socket/i : /550/);
        expect(failed!.next_attempt_at).toEqual(new Date(now.getTime() + 30_000));

        sink.mode = 'accept';
        expect(await r.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 }); // not yet
        now = new Date(now.getTime() + 30_000);
        expect(await r.relayDue()).toEqual({ sent: 1, failed: 0, dead: 0 });
      } finally {
        r.closeMail();
      }
      expect(sink.received).toHaveLength(1);
      expect(await rows()).toMatchObject([{ status: 'SENT', attempts: 2, last_error: null }]);
    });
  }

  it('gives up after maxAttempts: the message is DEAD with the last error', async () => {
    let now = new Date('2026-05-01T08:00:00Z');
    await queueSms(handle.db, { to: '+39347', text: 'x' });
    await handle.db.updateTable('outbox_messages').set({ next_attempt_at: now }).execute();
    const { log } = captureLog();
    const sms = { kind: 'broken', send: async () => Promise.reject(new Error('SMSC down')) };
    const r = new MessageRelay({
      db: handle.db,
      log,
      mail: logTransport(log),
      sms,
      from: FROM,
      maxAttempts: 3,
      clock: () => now,
    });
    for (let i = 0; i < 3; i++) {
      await r.relayDue();
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(await rows()).toMatchObject([{ status: 'DEAD', attempts: 3, last_error: 'SMSC down' }]);
    expect(await r.relayDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
  });

  it('resends a message left SENDING by a relay that died, once, logging a possible duplicate with its Message-ID', async () => {
    const { messageId } = await queueMail(handle.db, mail(1));
    await handle.db
      .updateTable('outbox_messages')
      .set({ status: 'SENDING', attempts: 1, lease_until: new Date(Date.now() - 1_000) })
      .execute();
    const r = relay();
    try {
      expect(await r.relayDue()).toEqual({ sent: 1, failed: 0, dead: 0 });
    } finally {
      r.closeMail();
    }
    expect(sink.received.map((m) => m.messageId)).toEqual([messageId]);
    expect(
      r.lines.filter((l) => l.msg?.startsWith(`possible duplicate, Message-ID ${messageId}`)),
    ).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: 'SENT', attempts: 2 }]);
  });

  it('runs as a job kind with its sweep schedule', async () => {
    await queueMail(handle.db, mail(1));
    const { log } = captureLog();
    const mailer = smtpTransport(sink.url);
    const r = new MessageRelay({ db: handle.db, log, mail: mailer, sms: logSmsGateway(log), from: FROM });
    const runner = new JobRunner({ db: handle.db, log, prune: false })
      .register(RELAY_JOB, r.job)
      .schedule(RELAY_SCHEDULE);
    try {
      await enqueue(handle.db, { kind: RELAY_JOB, key: 'wake' }, { onConflict: 'replace' });
      await runner.drain();
    } finally {
      mailer.close();
    }
    expect(sink.received).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: 'SENT' }]);
  });
});
