import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { queueMail, queueSms } from './queue.ts';
import { MessageRelay } from './relay.ts';
import { logSmsGateway, mailTransport } from './transports.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

/** The relay as the composition root builds it without SMTP_URL: mail and SMS go to the log. */
function offlineRelay() {
  const { log, lines } = captureLog();
  const relay = new MessageRelay({
    db: handle.db,
    log,
    mail: mailTransport(undefined, log),
    sms: logSmsGateway(log),
    from: 'LBS <no-reply@lbs.local>',
  });
  return { relay, lines };
}

describe('mail and SMS without a server to send through', () => {
  it('keeps an e-mail in the outbox and prints it, link included, to the log', async () => {
    await handle.db.transaction().execute((trx) =>
      queueMail(trx, {
        to: 'nadia@example.com',
        subject: 'Your code',
        text: 'Code 123456\nhttp://localhost:8080/set-password?email=nadia%40example.com',
      }),
    );
    const rows = () =>
      handle.db
        .selectFrom('outbox_messages')
        .select(['channel', 'to', 'subject', 'body', 'status'])
        .where('channel', '=', 'EMAIL')
        .execute();
    expect(await rows()).toEqual([
      {
        channel: 'EMAIL',
        to: 'nadia@example.com',
        subject: 'Your code',
        body: expect.stringContaining('123456'),
        status: 'PENDING',
      },
    ]);
    const { relay, lines } = offlineRelay();
    await relay.relayDue();
    expect((await rows())[0]!.status).toBe('SENT');
    expect(
      lines.some((l) => l.msg?.includes('http://localhost:8080/set-password?email=nadia%40example.com')),
    ).toBe(true);
  });

  it('keeps an SMS in the outbox, and the log gateway sends it', async () => {
    await handle.db.transaction().execute((trx) => queueSms(trx, { to: '+393471234567', text: 'Reply YES' }));
    const row = () =>
      handle.db
        .selectFrom('outbox_messages')
        .select(['channel', 'to', 'subject', 'body', 'status'])
        .where('channel', '=', 'SMS')
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({
      channel: 'SMS',
      to: '+393471234567',
      subject: null,
      body: 'Reply YES',
      status: 'PENDING',
    });
    const { relay, lines } = offlineRelay();
    await relay.relayDue();
    expect((await row()).status).toBe('SENT');
    expect(lines.some((l) => l.msg?.includes('Reply YES'))).toBe(true);
  });
});
