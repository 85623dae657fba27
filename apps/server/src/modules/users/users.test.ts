import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MAX_ATTEMPTS, ROUTES, type RoleInfo, type User } from '@lbs/contracts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { verifyPassword } from '../../identity/passwords.ts';
import { orgFixtures, type OrgFixtures } from '../organisation/test-fixtures.ts';

interface Mail {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Mail[] = [];
let server: TestServer;
let f: OrgFixtures;

/** The text of a received message: headers dropped, quoted-printable decoded. */
function bodyOf(mail: Mail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function mailTo(address: string, after = 0): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const mail = inbox.slice(after).find((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address}`);
}

const codeIn = (mail: Mail) => /security code is (\d+)\./.exec(bodyOf(mail))?.[1];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    INVITATION_TTL_HOURS: '48',
    // Invitations leave through the mail relay, a job of the worker.
    LBS_WORKER: 'true',
  });
  f = orgFixtures(server);
});
afterAll(async () => {
  await server?.dispose();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function invite(
  extra: Record<string, unknown> = {},
): Promise<{ user: User; email: string; code: string }> {
  const username = `invitee.${f.unique()}`;
  const email = `${username}@example.com`;
  const before = inbox.length;
  const response = await f.call('SA', 'POST', '/users', {
    fullName: 'Nadia Invitee',
    username,
    email,
    roles: ['CompanyAdmin'],
    companyId: await f.companyId('ALPHA'),
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  const code = codeIn(await mailTo(email, before));
  expect(code).toMatch(/^\d{6}$/);
  return { user: response.json() as User, email, code: code! };
}

const verify = (email: string, code: string) =>
  f.call('anon', 'POST', '/invitations/verify', { email, code });
const accept = (email: string, code: string, password = 'Welcome!2026') =>
  f.call('anon', 'POST', '/invitations/accept', { email, code, password });

describe('invitation of a new portal user', () => {
  it('mails a 6-digit code and the set-password link; the code sets the password once', async () => {
    const before = inbox.length;
    const { user, email, code } = await invite();
    const mail = await mailTo(email, before);
    expect(mail.raw).toMatch(/^Subject: Your LBS Portal account: security code$/m);
    expect(bodyOf(mail)).toContain(
      `${server.config.publicUrl}/set-password?email=${encodeURIComponent(email)}`,
    );
    expect(bodyOf(mail)).toContain('It expires in 48 hours.');
    // A company's invitations count against its per-minute e-mail limit.
    const queued = await f.db
      .selectFrom('outbox_messages')
      .select('company_id')
      .where('to', '=', email)
      .executeTakeFirstOrThrow();
    expect(queued.company_id).toBe(await f.companyId('ALPHA'));
    expect(user).toMatchObject({ invitationStatus: 'PENDING', active: true, roles: ['CompanyAdmin'] });
    const hours = (Date.parse(user.invitationExpiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    const checked = await verify(email.toUpperCase(), code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({
      email,
      username: user.username,
      fullName: 'Nadia Invitee',
      expiresAt: user.invitationExpiresAt,
    });

    const done = await accept(email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      code: 'aws.passwordSetSuccessfully',
      message: 'Password set successfully',
      username: user.username,
    });
    const row = await f.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'Welcome!2026')).toBe(true);
    expect(
      await f.db.selectFrom('user_invitations').select('user_id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    const audit = await f.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(user.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.create', actor: 'superadmin' },
      { action: 'user.invitation.accept', actor: user.username },
    ]);

    // The code is spent; the account is registered.
    expect((await accept(email, code, 'Another!2026')).json()).toMatchObject({
      status: 400,
      code: 'invitation.codeInvalid',
    });
    expect((await f.call('SA', 'GET', `/users/${user.id}`)).json()).toMatchObject({
      invitationStatus: 'ACCEPTED',
      invitationExpiresAt: null,
    });
    expect((await f.call('SA', 'POST', `/users/${user.id}/invitation`)).json()).toMatchObject({
      status: 409,
      code: 'aws.emailAlreadyRegistered',
    });
  });

  it('tells registered from pending e-mail addresses, and taken user names', async () => {
    const pending = await invite();
    const again = await f.call('SA', 'POST', '/users', {
      fullName: 'Dup',
      username: `dup.${f.unique()}`,
      email: pending.email.toUpperCase(),
      roles: ['SuperAdmin'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'aws.alreadyStarterRegistration',
      detail: 'you have already started Signup Process, please enter security code to complete the process!',
      errors: [{ path: 'email', code: 'aws.alreadyStarterRegistration' }],
    });
    const registered = await f.call('SA', 'POST', '/users', {
      fullName: 'Dup',
      username: `dup.${f.unique()}`,
      email: 'companyadmin@lbs.example.com',
      roles: ['SuperAdmin'],
    });
    expect(registered.json()).toMatchObject({
      status: 409,
      code: 'aws.emailAlreadyRegistered',
      detail: 'The entered Email address is already registered!',
    });
    const taken = await f.call('SA', 'POST', '/users', {
      fullName: 'Dup',
      username: 'ZoneAdmin',
      email: `x.${f.unique()}@example.com`,
      roles: ['SuperAdmin'],
    });
    expect(taken.json()).toMatchObject({
      status: 409,
      code: 'user.usernameTaken',
      errors: [{ path: 'username' }],
    });
  });

  it('answers an expired code with aws.codeExpired; a resent code replaces it', async () => {
    const { user, email, code } = await invite();
    await f.db
      .updateTable('user_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await verify(email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'aws.codeExpired',
      detail: 'The Code you entered is expired, please signup again!',
    });
    expect((await f.call('SA', 'GET', `/users/${user.id}`)).json()).toMatchObject({
      invitationStatus: 'EXPIRED',
    });

    const before = inbox.length;
    const resent = await f.call('SA', 'POST', `/users/${user.id}/invitation`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      code: 'aws.codeSent',
      message: 'A security code has been sent to your registered email',
    });
    const fresh = codeIn(await mailTo(email, before))!;
    if (fresh !== code)
      expect((await verify(email, code)).json()).toMatchObject({ code: 'invitation.codeInvalid' });
    expect((await accept(email, fresh)).statusCode).toBe(200);
  });

  it('spends the invitation after too many wrong codes, and says the same for unknown addresses', async () => {
    const { user, email, code } = await invite();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= INVITATION_MAX_ATTEMPTS; i++) {
      const response = await verify(email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: i < INVITATION_MAX_ATTEMPTS ? 'invitation.codeInvalid' : 'invitation.tooManyAttempts',
      });
    }
    expect((await accept(email, code)).json()).toMatchObject({
      status: 400,
      code: 'invitation.tooManyAttempts',
    });
    expect(
      (
        await f.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBeNull();
    const unknown = await verify('nobody@example.com', code);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'invitation.codeInvalid',
      errors: [{ path: 'code', code: 'invitation.codeInvalid' }],
    });
  });
});

describe('editing portal users', () => {
  it('ends every session of a deactivated user at once', async () => {
    const deptadmin = await f.db
      .selectFrom('users')
      .select(['id', 'subject'])
      .where('username', '=', 'deptadmin')
      .executeTakeFirstOrThrow();
    const other = await f.db
      .selectFrom('users')
      .select('subject')
      .where('username', '=', 'zoneadmin')
      .executeTakeFirstOrThrow();
    const rows = ['Session', 'Grant', 'AccessToken', 'RefreshToken'].flatMap((model) => [
      { model, id: `${model}-mine`, payload: JSON.stringify({ accountId: deptadmin.subject }) },
      { model, id: `${model}-other`, payload: JSON.stringify({ accountId: other.subject }) },
    ]);
    await f.db.insertInto('oidc_payloads').values(rows).execute();
    const token = await mintAccessToken(f.db, server.config, 'deptadmin', {
      claims: { iat: Math.floor(Date.now() / 1000) - 5 },
    });
    const me = () =>
      server.app.inject({
        method: 'GET',
        url: '/api/v1/lbs-backend/user-management/me',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).statusCode).toBe(200);

    const off = await f.call('SA', 'PATCH', `/users/${deptadmin.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await me()).json()).toMatchObject({ status: 403, code: 'auth.inactiveUser' });
    const left = await f.db.selectFrom('oidc_payloads').select('id').where('id', 'like', '%-mine').execute();
    expect(left).toEqual([]);
    expect(
      await f.db.selectFrom('oidc_payloads').select('id').where('id', 'like', '%-other').execute(),
    ).toHaveLength(4);
    const audit = await f.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(deptadmin.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'user.deactivate',
      detail: { changed: ['active'], sessionsEnded: true },
    });

    // Reactivated, the old token stays dead: its session was ended.
    expect((await f.call('SA', 'PATCH', `/users/${deptadmin.id}`, { active: true })).statusCode).toBe(200);
    expect((await me()).json()).toMatchObject({ status: 401, detail: 'This session has been ended.' });
  });

  it('checks role constraints against the user’s placement', async () => {
    const alpha = await f.companyId('ALPHA');
    const north = await f.unitId('zones', 'ALPHA', 'North');
    const { user } = await invite({ roles: ['ZoneAdmin'], zoneId: north, companyId: alpha });
    expect(user).toMatchObject({
      roles: ['ZoneAdmin'],
      zoneId: north,
      zoneName: 'North',
      companyName: 'Alpha Logistics',
    });
    const noZone = await f.call('SA', 'PATCH', `/users/${user.id}`, { zoneId: null });
    expect(noZone.json()).toMatchObject({
      status: 400,
      errors: [{ path: 'zoneId', code: 'user.zoneAdminNeedsZone' }],
    });
    const moved = await f.call('SA', 'PATCH', `/users/${user.id}`, { companyId: await f.companyId('BETA') });
    expect(moved.json()).toMatchObject({
      status: 400,
      errors: [{ path: 'zoneId', code: 'org.zonesDisabled' }],
    });
    const promoted = await f.call('SA', 'PATCH', `/users/${user.id}`, {
      roles: ['ZoneAdmin', 'CompanyAdmin', 'ZoneAdmin'],
    });
    expect(promoted.statusCode).toBe(400);
    const ok = await f.call('SA', 'PATCH', `/users/${user.id}`, { roles: ['ZoneAdmin', 'CompanyAdmin'] });
    expect(ok.json()).toMatchObject({ roles: ['CompanyAdmin', 'ZoneAdmin'] });
  });

  it('deletes a user without history; one with audit history must be deactivated instead', async () => {
    const fresh = await f.freshUser('ALPHA');
    expect((await f.call('SA', 'DELETE', `/users/${fresh}`)).statusCode).toBe(204);
    expect((await f.call('SA', 'GET', `/users/${fresh}`)).statusCode).toBe(404);
    const withHistory = await f.userId('companyadmin');
    expect((await f.call('CA', 'POST', '/designations', { name: `History ${f.unique()}` })).statusCode).toBe(
      201,
    );
    const refused = await f.call('SA', 'DELETE', `/users/${withHistory}`);
    expect(refused.json()).toMatchObject({ status: 409, code: 'user.inUse' });
    expect((await f.call('SA', 'GET', `/users/${withHistory}`)).statusCode).toBe(200);
  });

  it('filters the list by role, active and company', async () => {
    const zoneAdmins = (await f.call('SA', 'GET', '/users?role=ZoneAdmin&size=100')).json() as {
      items: User[];
    };
    expect(zoneAdmins.items.length).toBeGreaterThan(0);
    expect(zoneAdmins.items.every((u) => u.roles.includes('ZoneAdmin'))).toBe(true);
    const beta = await f.companyId('BETA');
    const ofBeta = (
      await f.call('SA', 'GET', `/users?companyId=${beta}&active=true&sort=-username`)
    ).json() as { items: User[] };
    expect(ofBeta.items.every((u) => u.companyId === beta && u.active)).toBe(true);
    expect(ofBeta.items.map((u) => u.username)).toContain('companyadmin2');
  });
});

describe('/roles', () => {
  it('lists the four roles with description, routes from the shared table and permissions', async () => {
    const response = await f.call('SA', 'GET', '/roles');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json() as { items: RoleInfo[]; total: number };
    expect(total).toBe(4);
    expect(items.map((r) => [r.name, r.realmName, r.rank])).toEqual([
      ['SuperAdmin', 'SUPER_ADMIN', 0],
      ['CompanyAdmin', 'COMPANY_ADMIN', 1],
      ['DepartmentAdmin', 'DEPARTMENT_ADMIN', 2],
      ['ZoneAdmin', 'ZONE_ADMIN', 3],
    ]);
    const zoneAdmin = items[3]!;
    expect(zoneAdmin.routes.map((r) => r.id)).toEqual(
      ROUTES.filter((r) => r.roles.includes('ZoneAdmin')).map((r) => r.id),
    );
    expect(zoneAdmin.permissions).toContain('zone.update');
    expect(zoneAdmin.permissions).not.toContain('zone.create');
    expect(items[0]!.permissions).toEqual(
      expect.arrayContaining(['company.create', 'msisdn.import', 'user.resendInvitation']),
    );
    const held = await f.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'ZoneAdmin')
      .execute();
    expect(zoneAdmin.userCount).toBe(held.length);
    expect((await f.call('SA', 'GET', '/roles/ZONE_ADMIN')).json()).toEqual(zoneAdmin);
    expect((await f.call('SA', 'GET', '/roles/Boss')).statusCode).toBe(404);
  });
});
