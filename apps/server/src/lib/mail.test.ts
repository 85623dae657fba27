import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase } from '../../test/helpers.ts';
import { createMailer } from './mail.ts';
import { outboxSmsGateway } from './sms.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
const lines: { obj: unknown; msg: string }[] = [];
const log = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.dispose();
});

describe('mail and SMS without a server to send through', () => {
  it('keeps an e-mail in the outbox and prints it, link included, to the log', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'LBS <no-reply@lbs.local>', db: handle.db, log });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({
      to: 'nadia@example.com',
      subject: 'Your code',
      text: 'Code 123456\nhttp://localhost:8080/set-password?email=nadia%40example.com',
    });
    const rows = await handle.db
      .selectFrom('outbox_messages')
      .select(['channel', 'to', 'subject', 'body', 'status'])
      .execute();
    expect(rows).toEqual([
      {
        channel: 'EMAIL',
        to: 'nadia@example.com',
        subject: 'Your code',
        body: expect.stringContaining('123456'),
        status: 'PENDING',
      },
    ]);
    expect(lines.at(-1)!.msg).toContain('http://localhost:8080/set-password?email=nadia%40example.com');
  });

  it('keeps an SMS in the outbox', async () => {
    await outboxSmsGateway(handle.db, log).send({ to: '+393471234567', text: 'Reply YES' });
    const row = await handle.db
      .selectFrom('outbox_messages')
      .select(['channel', 'to', 'subject', 'body'])
      .where('channel', '=', 'SMS')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ channel: 'SMS', to: '+393471234567', subject: null, body: 'Reply YES' });
  });
});
