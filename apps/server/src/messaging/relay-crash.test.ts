import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLog, until } from '../../test/capture-log.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { queueMail } from './queue.ts';
import { MessageRelay } from './relay.ts';
import { logSmsGateway, smtpTransport } from './transports.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

const CHILD = fileURLToPath(new URL('./testing/relay-child.ts', import.meta.url));

describe.skipIf(!process.env['DATABASE_URL'])('a relay killed between send and mark (PostgreSQL)', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let sink: SmtpSink | undefined;
  afterAll(async () => {
    await sink?.close();
    await handle?.dispose();
  });

  it('resends that one message once, with the same Message-ID and a log line, and every other message once', async () => {
    handle = await openTestDatabase();
    sink = await startSmtpSink();
    const db = handle.db;
    const queued = [];
    for (const subject of ['first', 'victim', 'third'])
      queued.push(await queueMail(db, { to: `${subject}@example.com`, subject, text: `Hello ${subject}` }));
    const [first, victim, third] = queued as [(typeof queued)[0], (typeof queued)[0], (typeof queued)[0]];

    const name = (await sql<{ db: string }>`select current_database() as db`.execute(db)).rows[0]!.db;
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${name}`;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: url.toString(), SMTP_URL: sink.url, HANG_SUBJECT: 'victim' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_c, signal) => resolve(signal)),
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until(() => out.includes('SENT '), 30_000, 'the child relay to send the victim');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out.trim()).toBe(`SENT ${victim.messageId}`);

    const status = async () =>
      (
        await db
          .selectFrom('outbox_messages')
          .select(['message_id', 'status', 'attempts'])
          .orderBy('id')
          .execute()
      ).map((r) => [r.message_id, r.status, r.attempts]);
    expect(await status()).toEqual([
      [first.messageId, 'SENT', 1],
      [victim.messageId, 'SENDING', 1],
      [third.messageId, 'PENDING', 0],
    ]);

    const { log, lines } = captureLog();
    const mail = smtpTransport(sink.url);
    const relay = new MessageRelay({
      db,
      log,
      mail,
      sms: logSmsGateway(log),
      from: 'LBS <no-reply@lbs.local>',
    });
    try {
      // The victim's lease (500 ms) runs out; until then only the third message is due.
      const report = { sent: 0 };
      await until(
        async () => {
          report.sent += (await relay.relayDue()).sent;
          return report.sent === 2;
        },
        10_000,
        'the resend',
      );
    } finally {
      mail.close();
    }
    expect(await status()).toEqual([
      [first.messageId, 'SENT', 1],
      [victim.messageId, 'SENT', 2],
      [third.messageId, 'SENT', 1],
    ]);
    const copies = (id: string) => sink!.received.filter((m) => m.messageId === id).length;
    expect([copies(first.messageId), copies(victim.messageId), copies(third.messageId)]).toEqual([1, 2, 1]);
    expect(sink.received).toHaveLength(4);
    const duplicates = lines.filter((l) => l.msg?.startsWith('possible duplicate, Message-ID'));
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]!.msg).toContain(victim.messageId);
  });
});
