import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { openSse } from '../../../test/sse-client.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { emitConsentRevoked } from '../../events/emit.ts';
import { startSmtpSink, type SmtpSink } from '../../messaging/testing/smtp-sink.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { deliveryWorld } from './testing/delivery-fixtures.ts';

/**
 * The bell's live push (issue 15): a notification reaching a user's inbox — written by a worker, told through
 * PostgreSQL NOTIFY — reaches that user's open streams and nobody else's; marking read tells the user's other tabs.
 */
const f = useOrgFixtures();
let sink: SmtpSink;
let w: ReturnType<typeof deliveryWorld>;

beforeAll(async () => {
  sink = await startSmtpSink();
  w = deliveryWorld(f, sink, f.server.config.publicUrl);
});
afterAll(async () => {
  w?.closeMail();
  await sink?.close();
});

const open = async (username: string) =>
  openSse(
    `${f.server.baseUrl}${API_BASE_PATH}/notifications/stream`,
    await mintAccessToken(f.db, f.server.config, username),
  );

describe('GET /notifications/stream', () => {
  it('pushes to the recipient’s streams when a notification arrives or is read, and to nobody else', async () => {
    const worker = w.worker();
    await worker.drain();
    const ca = await open('companyadmin');
    const caTab = await open('companyadmin');
    const other = await open('companyadmin2');
    expect(ca.response.status).toBe(200);
    expect(ca.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    for (const s of [ca, caTab, other]) await s.until(() => s.events.some((e) => e.event === 'ready'));
    const pushes = (s: typeof ca) => s.events.filter((e) => e.event === 'notification').length;

    // A consent withdrawal in Alpha: the default rule puts it in Alpha's company admins' inboxes.
    const msisdn = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
    const companyId = await f.companyId('ALPHA'); // not inside the transaction: PGlite has one connection
    await f.db.transaction().execute(async (trx) => {
      const { msisdn: number } = await trx
        .selectFrom('msisdns')
        .select('msisdn')
        .where('id', '=', msisdn)
        .executeTakeFirstOrThrow();
      await emitConsentRevoked(
        trx,
        { id: msisdn, msisdn: number, companyId },
        { via: 'SMS', previous: 'GRANTED', at: new Date() },
      );
    });
    w.clock.now = new Date();
    await worker.drain();
    await ca.until(() => pushes(ca) >= 1);
    await caTab.until(() => pushes(caTab) >= 1);

    // Read in one tab: both hear of it; Beta's admin heard nothing all along.
    const read = await f.call('CA', 'POST', '/notifications/read-all', {});
    expect(read.statusCode, read.body).toBe(200);
    await ca.until(() => pushes(ca) >= 2);
    await caTab.until(() => pushes(caTab) >= 2);
    expect(pushes(other)).toBe(0);
    for (const s of [ca, caTab, other]) s.close();
    await Promise.all([ca.done, caTab.done, other.done]);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${f.server.baseUrl}${API_BASE_PATH}/notifications/stream`);
    expect(response.status).toBe(401);
  });
});
