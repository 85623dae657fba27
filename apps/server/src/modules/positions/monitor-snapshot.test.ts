import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  monitorItemsOfColumns,
  monitorPositionColumnsSchema,
  monitorPositionsSchema,
  type MonitorPositions,
} from '@lbs/contracts';
import { useTestServer } from '../../../test/helpers.ts';
import { companyMsisdns, type MsisdnRow } from '../../../test/location-fixtures.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { AuditBatcher } from '../../events/audit-batch.ts';

/** Retries `check` until it passes (live batches and invalidations reach the snapshots after the commit). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const server = useTestServer({ LBS_MONITOR_RENDER_MS: '0' });
const tokens: Record<string, string> = {};
let alpha: MsisdnRow[];
let beta: MsisdnRow[];
let deptId: number;

const get = (url: string, user: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: `${API_BASE_PATH}${url}`,
    headers: { authorization: `Bearer ${tokens[user]}`, ...headers },
  });
const positions = async (url: string, user: string): Promise<MonitorPositions> => {
  const response = await get(url, user);
  expect(response.statusCode).toBe(200);
  return monitorPositionsSchema.parse(response.json());
};
const ids = (body: MonitorPositions) => body.items.map((i) => i.msisdnId);
const submit = (msisdnId: number, lat: number, time = new Date()) =>
  server.location.pipeline.submit([{ msisdnId, time, lat, lon: 46, accuracyM: 30, source: 'OSMAND' }]);

beforeAll(async () => {
  const { db } = server.context;
  for (const name of ['superadmin', 'companyadmin', 'deptadmin', 'companyadmin2'])
    tokens[name] = await mintAccessToken(db, server.config, name);
  alpha = await companyMsisdns(db, 'ALPHA');
  beta = await companyMsisdns(db, 'BETA');
  deptId = (
    await db
      .selectFrom('users')
      .select('department_id')
      .where('username', '=', 'deptadmin')
      .executeTakeFirstOrThrow()
  ).department_id!;
  const now = Date.now();
  const { stored } = await server.location.pipeline.submit(
    [...alpha, ...beta].map((m, i) => ({
      msisdnId: m.id,
      time: new Date(now - 600_000 + i),
      lat: 24,
      lon: 46,
      accuracyM: 100,
      source: 'NETWORK' as const,
    })),
  );
  expect(stored).toHaveLength(alpha.length + beta.length);
});

describe('Monitor snapshot: ETag and since', () => {
  it('answers 304 to If-None-Match while nothing changed (audited), a new ETag once a position arrives', async () => {
    const first = await get('/monitor/positions', 'companyadmin', { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"[0-9a-z]+\.\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const body = monitorPositionsSchema.parse(JSON.parse(gunzipSync(first.rawPayload).toString('utf8')));
    expect(body.full).toBe(true);
    expect(etag).toBe(`W/"${body.cursor}"`);
    expect(ids(body)).toEqual(alpha.map((m) => m.id));

    const audits = async () =>
      Number(
        (
          await server.context.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('action', '=', 'location.view')
            .where('actor', '=', 'companyadmin')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audits();
    const unchanged = await get('/monitor/positions', 'companyadmin', { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers['content-length']).toBeUndefined();
    expect(unchanged.headers['etag']).toBe(etag);
    expect(await audits()).toBe(before + 1);
    const audit = await server.context.db
      .selectFrom('audit_log')
      .select('detail')
      .where('actor', '=', 'companyadmin')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ view: 'monitor', notModified: true, count: alpha.length });

    await submit(alpha[3]!.id, 27);
    const changed = await eventually(async () => {
      const r = await get('/monitor/positions', 'companyadmin', { 'if-none-match': etag });
      expect(r.statusCode).toBe(200);
      return r;
    });
    expect(changed.headers['etag']).not.toBe(etag);
    expect(changed.json().items.find((i: { msisdnId: number }) => i.msisdnId === alpha[3]!.id).lat).toBe(27);
  });

  it('answers only what changed since a cursor, in order, and nothing when nothing did', async () => {
    const start = await positions('/monitor/positions', 'companyadmin');
    const none = await positions(`/monitor/positions?since=${start.cursor}`, 'companyadmin');
    expect(none).toMatchObject({ items: [], full: false, cursor: start.cursor });
    await submit(alpha[5]!.id, 28);
    await submit(alpha[1]!.id, 29);
    const delta = await eventually(async () => {
      const d = await positions(`/monitor/positions?since=${start.cursor}`, 'companyadmin');
      expect(ids(d)).toEqual([alpha[1]!.id, alpha[5]!.id]);
      return d;
    });
    expect(delta.full).toBe(false);
    expect(delta.items.map((i) => i.lat)).toEqual([29, 28]);
    // An older fix arriving late changes nothing (the latest position stays).
    await submit(alpha[1]!.id, 10, new Date(Date.now() - 3_600_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await positions(`/monitor/positions?since=${delta.cursor}`, 'companyadmin')).items).toEqual([]);
    // A cursor this server cannot answer from (restart, other replica): everything, marked full.
    const unknown = await positions('/monitor/positions?since=zzzz.3', 'companyadmin');
    expect(unknown.full).toBe(true);
    expect(ids(unknown)).toEqual(alpha.map((m) => m.id));
    const future = await positions(
      `/monitor/positions?since=${start.cursor.split('.')[0]}.999999`,
      'companyadmin',
    );
    expect(future.full).toBe(true);
  });
});

describe('Monitor snapshot: the columns format', () => {
  const columns = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(url, 'companyadmin', headers);
    expect(response.statusCode).toBe(200);
    const payload =
      response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    return { response, body: monitorPositionColumnsSchema.parse(JSON.parse(payload.toString('utf8'))) };
  };

  it('holds what the items hold, with its own ETag and 304, and answers since with the changes only', async () => {
    const items = await get('/monitor/positions', 'companyadmin');
    const { response, body } = await columns('/monitor/positions?format=columns', {
      'accept-encoding': 'gzip',
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(body.full).toBe(true);
    // The same version, rendered once per format (each at its own time).
    const { generatedAt: _, ...sameAsItems } = monitorPositionsSchema.parse(items.json());
    expect(monitorItemsOfColumns(body)).toMatchObject(sameAsItems);
    const etag = response.headers['etag'] as string;
    expect(etag).toBe(`W/"${body.cursor}-columns"`);
    expect(etag).not.toBe(items.headers['etag']);
    const unchanged = await get('/monitor/positions?format=columns', 'companyadmin', {
      'if-none-match': etag,
    });
    expect(unchanged.statusCode).toBe(304);
    // An ETag of the items form is not this form's.
    const other = await get('/monitor/positions?format=columns', 'companyadmin', {
      'if-none-match': items.headers['etag'] as string,
    });
    expect(other.statusCode).toBe(200);

    await submit(alpha[2]!.id, 26.5);
    const delta = await eventually(async () => {
      const d = (await columns(`/monitor/positions?format=columns&since=${body.cursor}`)).body;
      expect(monitorItemsOfColumns(d).items.map((i) => [i.msisdnId, i.lat])).toEqual([[alpha[2]!.id, 26.5]]);
      return d;
    });
    expect(delta).toMatchObject({ format: 'columns', full: false, count: 1 });
  });

  it('answers a format it does not know with a field error', async () => {
    const response = await get('/monitor/positions?format=csv', 'companyadmin');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
    expect(JSON.stringify(response.json())).toContain('format');
  });
});

describe('Monitor snapshot: scope', () => {
  it('never serves another scope’s snapshot: ETags and cursors of another tenant give only one’s own', async () => {
    const alphaAnswer = await get('/monitor/positions', 'companyadmin');
    const alphaBody = monitorPositionsSchema.parse(alphaAnswer.json());
    const own = await get('/monitor/positions', 'companyadmin2', {
      'if-none-match': alphaAnswer.headers['etag'] as string,
    });
    expect(own.statusCode).toBe(200);
    expect(ids(monitorPositionsSchema.parse(own.json()))).toEqual(beta.map((m) => m.id));
    const viaCursor = await positions(`/monitor/positions?since=${alphaBody.cursor}`, 'companyadmin2');
    expect(viaCursor.full).toBe(true);
    expect(ids(viaCursor)).toEqual(beta.map((m) => m.id));
    // A filter naming another company leaves nothing.
    expect(
      (await positions(`/monitor/positions?companyId=${alpha[0]!.company_id}`, 'companyadmin2')).items,
    ).toEqual([]);
    // A live position of Alpha reaches Alpha's snapshot, never Beta's.
    const betaStart = await positions('/monitor/positions', 'companyadmin2');
    await submit(alpha[0]!.id, 31);
    await eventually(async () =>
      expect(ids(await positions(`/monitor/positions?since=${alphaBody.cursor}`, 'companyadmin'))).toContain(
        alpha[0]!.id,
      ),
    );
    expect((await positions(`/monitor/positions?since=${betaStart.cursor}`, 'companyadmin2')).items).toEqual(
      [],
    );
    // A department's snapshot holds its department only, live changes included.
    const dept = await positions('/monitor/positions', 'deptadmin');
    expect(ids(dept)).toEqual(alpha.filter((m) => m.department_id === deptId).map((m) => m.id));
    const outside = alpha.find((m) => m.department_id !== deptId)!;
    await submit(outside.id, 32);
    await eventually(async () =>
      expect(ids(await positions(`/monitor/positions?since=${alphaBody.cursor}`, 'companyadmin'))).toContain(
        outside.id,
      ),
    );
    expect((await positions(`/monitor/positions?since=${dept.cursor}`, 'deptadmin')).items).toEqual([]);
  });
});

describe('Monitor snapshot: MSISDN changes', () => {
  it('follows a move to another department, a deletion and latest positions removed (new snapshot, full answers)', async () => {
    const { db } = server.context;
    const dept = await positions('/monitor/positions', 'deptadmin');
    const moving = alpha.find((m) => m.department_id === deptId)!;
    const other = alpha.find((m) => m.department_id !== deptId)!.department_id;
    await db.updateTable('msisdns').set({ department_id: other }).where('id', '=', moving.id).execute();
    const after = await eventually(async () => {
      const d = await positions(`/monitor/positions?since=${dept.cursor}`, 'deptadmin');
      expect(d.full).toBe(true);
      return d;
    });
    expect(ids(after)).not.toContain(moving.id);
    expect(ids(after)).toEqual(ids(dept).filter((id) => id !== moving.id));
    const company = await positions('/monitor/positions', 'companyadmin');
    expect(company.items.find((i) => i.msisdnId === moving.id)?.departmentId).toBe(other);
    await db.updateTable('msisdns').set({ department_id: deptId }).where('id', '=', moving.id).execute();
    await eventually(async () =>
      expect(ids(await positions('/monitor/positions', 'deptadmin'))).toContain(moving.id),
    );

    // Latest positions deleted (retention does this): gone from the snapshot.
    const gone = alpha[7]!;
    await db.deleteFrom('latest_positions').where('msisdn_id', '=', gone.id).execute();
    await eventually(async () =>
      expect(ids(await positions('/monitor/positions', 'companyadmin'))).not.toContain(gone.id),
    );

    // A new MSISDN with a position appears; deleted, it disappears.
    const created = await db
      .insertInto('msisdns')
      .values({
        company_id: gone.company_id,
        department_id: gone.department_id,
        designation_id: (
          await db
            .selectFrom('msisdns')
            .select('designation_id')
            .where('id', '=', gone.id)
            .executeTakeFirstOrThrow()
        ).designation_id,
        msisdn: '+966500009999',
        employee_name: 'New Hire',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await submit(created.id, 33);
    await eventually(async () =>
      expect(ids(await positions('/monitor/positions', 'companyadmin'))).toContain(created.id),
    );
    await db.deleteFrom('msisdns').where('id', '=', created.id).execute();
    await eventually(async () =>
      expect(ids(await positions('/monitor/positions', 'companyadmin'))).not.toContain(created.id),
    );
    // Beta's snapshot was not touched by Alpha's changes.
    const beta1 = await positions('/monitor/positions', 'companyadmin2');
    expect(ids(beta1)).toEqual(beta.map((m) => m.id));
  });
});

describe('Monitor view audit: group commit', () => {
  it('stores every view of concurrent requests, many in one insert, before they are answered', async () => {
    const { db } = server.context;
    const marker = `group-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.app.inject({
          method: 'GET',
          url: `${API_BASE_PATH}/monitor/positions`,
          headers: { authorization: `Bearer ${tokens['companyadmin']}`, 'x-request-id': `${marker}-${i}` },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await db
      .selectFrom('audit_log')
      .select(['request_id', 'at'])
      .where('request_id', 'like', `${marker}-%`)
      .execute();
    expect(rows).toHaveLength(40);
    // Rows of one insert share its transaction's time: 40 answers, far fewer inserts.
    expect(new Set(rows.map((r) => new Date(r.at).getTime())).size).toBeLessThan(10);
  });

  it('stores what is queued when the server closes', async () => {
    const batcher = new AuditBatcher(server.context.db);
    const marker = `close-${Date.now()}`;
    const recorded = Array.from({ length: 5 }, (_, i) =>
      batcher.record(
        { userId: null, name: 'system:test', requestId: `${marker}-${i}` },
        { action: 'location.view', entity: 'msisdn', detail: { view: 'monitor' } },
      ),
    );
    await batcher.close();
    const rows = await server.context.db
      .selectFrom('audit_log')
      .select('request_id')
      .where('request_id', 'like', `${marker}-%`)
      .execute();
    expect(rows).toHaveLength(5);
    await Promise.all(recorded);
  });
});
