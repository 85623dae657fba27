import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '@lbs/contracts';
import { useTestServer } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { verifyPassword } from '../../identity/passwords.ts';

const BASE = `${API_BASE_PATH}/user-management`;
const server = useTestServer();

async function call(username: string, method: 'POST' | 'PUT', url: string, payload?: unknown) {
  const token = await mintAccessToken(server.context.db, server.config, username);
  return server.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function userRow(username: string) {
  return server.context.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function auditOf(action: string, userId: number) {
  return server.context.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('actor_user_id', '=', userId)
    .execute();
}

describe('POST /user-management/me/pia', () => {
  it('records the acceptance once, audits it and returns the updated current user', async () => {
    expect((await userRow('deptadmin')).is_pia_signed).toBe(false);
    const response = await call('deptadmin', 'POST', '/me/pia', { accepted: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'deptadmin',
      isPiaSigned: true,
      departmentName: 'Field Operations',
    });

    const row = await userRow('deptadmin');
    expect(row.is_pia_signed).toBe(true);
    expect(row.pia_signed_at).toBeInstanceOf(Date);
    expect(Math.abs(row.pia_signed_at!.getTime() - Date.now())).toBeLessThan(60_000);
    const events = await auditOf('user.pia.sign', row.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: 'deptadmin',
      entity: 'user',
      entity_id: String(row.id),
      company_id: row.company_id,
    });
    expect(events[0]!.request_id).toBe(response.headers['x-request-id']);

    // A second acceptance keeps the first time and adds no event.
    const again = await call('deptadmin', 'POST', '/me/pia', { accepted: true });
    expect(again.statusCode).toBe(200);
    expect((await userRow('deptadmin')).pia_signed_at).toEqual(row.pia_signed_at);
    expect(await auditOf('user.pia.sign', row.id)).toHaveLength(1);
  });

  it('rejects anything but accepted: true with the notice message key', async () => {
    for (const payload of [{ accepted: false }, {}]) {
      const response = await call('zoneadmin', 'POST', '/me/pia', payload);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'problem.validation',
        errors: [
          {
            path: 'accepted',
            code: 'validation.piaAcceptRequired',
            message: 'Please accept the notice to continue',
          },
        ],
      });
    }
    expect((await userRow('zoneadmin')).is_pia_signed).toBe(false);
  });
});

describe('PUT /user-management/me/password', () => {
  it('refuses a wrong old password with a field error and changes nothing', async () => {
    const before = await userRow('companyadmin2');
    const response = await call('companyadmin2', 'PUT', '/me/password', {
      oldPassword: 'Wrong!2345',
      newPassword: 'Brand-new-2345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'urn:lbs:problem:auth.oldPasswordIncorrect',
      title: 'Bad Request',
      status: 400,
      code: 'auth.oldPasswordIncorrect',
      detail: 'The old password is incorrect',
      requestId: response.headers['x-request-id'],
      errors: [
        { path: 'oldPassword', code: 'auth.oldPasswordIncorrect', message: 'The old password is incorrect' },
      ],
    });
    expect((await userRow('companyadmin2')).password_hash).toBe(before.password_hash);
  });

  it('reports each invalid field with its message key', async () => {
    const cases: [unknown, { path: string; code: string; message: string }[]][] = [
      [
        {},
        [
          {
            path: 'oldPassword',
            code: 'validation.oldPasswordRequired',
            message: 'Old password is required',
          },
          {
            path: 'newPassword',
            code: 'validation.newPasswordRequired',
            message: 'New password is required',
          },
        ],
      ],
      [
        { oldPassword: '', newPassword: '' },
        [
          {
            path: 'oldPassword',
            code: 'validation.oldPasswordRequired',
            message: 'Old password is required',
          },
          {
            path: 'newPassword',
            code: 'validation.newPasswordRequired',
            message: 'New password is required',
          },
        ],
      ],
      [
        { oldPassword: 'Demo!2345', newPassword: 'short' },
        [
          {
            path: 'newPassword',
            code: 'validation.passwordTooShort',
            message: 'Password must be at least 8 characters',
          },
        ],
      ],
      [
        { oldPassword: 'Demo!2345', newPassword: 'x'.repeat(129) },
        [
          {
            path: 'newPassword',
            code: 'validation.passwordTooLong',
            message: 'Password must be at most 128 characters',
          },
        ],
      ],
      [
        { oldPassword: 'Demo!2345', newPassword: 'Demo!2345' },
        [
          {
            path: 'newPassword',
            code: 'validation.passwordSameAsOld',
            message: 'The new password must differ from the old one',
          },
        ],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('companyadmin2', 'PUT', '/me/password', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'problem.validation',
        detail: 'Some fields are not valid.',
        errors,
      });
    }
  });

  it('rejects a body that is not JSON as a problem', async () => {
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin2');
    const response = await server.app.inject({
      method: 'PUT',
      url: `${BASE}/me/password`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"oldPassword":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 400, code: 'problem.validation' });
  });

  it('stores a new argon2id hash, audits, and keeps the current session', async () => {
    const user = await userRow('companyadmin2');
    const token = await mintAccessToken(server.context.db, server.config, 'companyadmin2');
    const response = await server.app.inject({
      method: 'PUT',
      url: `${BASE}/me/password`,
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'Demo!2345', newPassword: 'Brand-new-2345' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await userRow('companyadmin2');
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after.password_hash, 'Brand-new-2345')).toBe(true);
    expect(await verifyPassword(after.password_hash, 'Demo!2345')).toBe(false);
    expect(after.sessions_revoked_at).toBeNull();
    const events = await auditOf('user.password.change', user.id);
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.detail)).not.toMatch(/Brand-new|Demo!/);

    const stillIn = await server.app.inject({
      method: 'GET',
      url: `${BASE}/me`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stillIn.statusCode).toBe(200);
    // Another user's password is untouched.
    expect(await verifyPassword((await userRow('companyadmin')).password_hash, 'Demo!2345')).toBe(true);
  });

  it('limits password attempts per user', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await call('dueadmin', 'PUT', '/me/password', {
        oldPassword: `Wrong-${i}-2345`,
        newPassword: 'Brand-new-2345',
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await call('dueadmin', 'PUT', '/me/password', {
      oldPassword: 'Demo!2345',
      newPassword: 'Brand-new-2345',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429, code: 'problem.tooManyRequests' });
    expect(await verifyPassword((await userRow('dueadmin')).password_hash, 'Demo!2345')).toBe(true);
    const other = await call('superadmin', 'PUT', '/me/password', {
      oldPassword: 'Wrong!2345',
      newPassword: 'Brand-new-2345',
    });
    expect(other.statusCode).toBe(400);
  });
});
