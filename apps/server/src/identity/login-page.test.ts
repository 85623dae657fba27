import { describe, expect, it } from 'vitest';
import {
  Browser,
  authorizationRequest,
  openLoginPage,
  redirectTarget,
  submitLogin,
} from '../../test/oidc-browser.ts';
import { DEMO_PASSWORD as PASSWORD, useOidcTestServer } from '../../test/oidc-server.ts';

const INVALID = 'Invalid username or password';

const oidc = useOidcTestServer();

async function loginPage(extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const browser = new Browser(headers);
  const auth = await authorizationRequest(oidc.config, oidc.server.config.publicUrl, extra);
  return { browser, ...(await openLoginPage(browser, auth.url)) };
}

/** Submits the form and returns the response: a 303 to the provider on success, the page again on failure. */
async function attempt(username: string, password: string, extra: Record<string, string> = {}) {
  const { browser, loginUrl } = await loginPage(extra);
  const response = await submitLogin(browser, loginUrl, username, password);
  return { response, html: response.status === 200 ? await response.text() : '' };
}

const auditRows = (action: string) =>
  oidc.server.database.db
    .selectFrom('audit_log')
    .select(['actor', 'actor_user_id', 'entity_id', 'detail'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('sign-in page', () => {
  it('accepts the username in any case, or the e-mail address', async () => {
    const byName = await attempt('ZoneAdmin', PASSWORD);
    expect(byName.response.status).toBe(303);
    expect(redirectTarget(byName.response).pathname).toMatch(
      /^\/realms\/lbs\/protocol\/openid-connect\/auth\//,
    );

    const email = (
      await oidc.server.database.db
        .selectFrom('users')
        .select('email')
        .where('username', '=', 'zoneadmin')
        .executeTakeFirstOrThrow()
    ).email;
    expect((await attempt(email.toUpperCase(), PASSWORD)).response.status).toBe(303);

    const successes = await auditRows('auth.login.success');
    expect(successes.filter((r) => r.actor === 'zoneadmin')).toHaveLength(2);
  });

  it('answers a wrong password and an unknown user with the same message, and audits both', async () => {
    const wrong = await attempt('deptadmin', 'not-the-password');
    const unknown = await attempt('nobody-here', PASSWORD);
    for (const { response, html } of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(html).toContain(`<p class="alert" role="alert">${INVALID}</p>`);
      expect(html).toContain('name="password"');
    }
    expect(wrong.html).toContain('value="deptadmin"');

    const failures = await auditRows('auth.login.failure');
    expect(failures.find((r) => r.actor === 'deptadmin')?.detail).toMatchObject({
      reason: 'bad_password',
      username: 'deptadmin',
      failures: 1,
    });
    expect(failures.find((r) => r.actor === 'anonymous')?.detail).toMatchObject({
      reason: 'unknown_user',
      username: 'nobody-here',
    });
  });

  it('refuses an inactive user with the same message', async () => {
    await oidc.server.database.db
      .updateTable('users')
      .set({ active: false })
      .where('username', '=', 'dueadmin')
      .execute();
    try {
      const { response, html } = await attempt('dueadmin', PASSWORD);
      expect(response.status).toBe(200);
      expect(html).toContain(INVALID);
      const failures = await auditRows('auth.login.failure');
      expect(failures.find((r) => r.actor === 'dueadmin')?.detail).toMatchObject({ reason: 'inactive' });
    } finally {
      await oidc.server.database.db
        .updateTable('users')
        .set({ active: true })
        .where('username', '=', 'dueadmin')
        .execute();
    }
  });

  it('locks the account after 5 wrong passwords: the right one is refused too, until the lock ends', async () => {
    const user = await oidc.server.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'companyadmin2')
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= oidc.server.config.loginMaxFailures; i += 1) {
      const { response, html } = await attempt('companyadmin2', `wrong-${i}`);
      expect(response.status).toBe(200);
      expect(html).toContain(INVALID);
    }
    const locked = await attempt('companyadmin2', PASSWORD);
    expect(locked.response.status).toBe(200);
    expect(locked.html).toContain(INVALID);

    const row = await oidc.server.database.db
      .selectFrom('users')
      .select(['locked_until', 'failed_logins'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const minutes = (row.locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(oidc.server.config.loginLockoutMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(oidc.server.config.loginLockoutMinutes);

    const lockouts = await auditRows('auth.login.locked');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      actor: 'companyadmin2',
      actor_user_id: user.id,
      entity_id: String(user.id),
    });
    const failures = (await auditRows('auth.login.failure')).filter((r) => r.actor === 'companyadmin2');
    expect(failures.map((r) => r.detail['reason'])).toEqual([...Array(5).fill('bad_password'), 'locked']);

    // Another account is not affected.
    expect((await attempt('companyadmin', PASSWORD)).response.status).toBe(303);

    // When the lock has run out the right password works again and the counter starts over.
    await oidc.server.database.db
      .updateTable('users')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', user.id)
      .execute();
    expect((await attempt('companyadmin2', PASSWORD)).response.status).toBe(303);
    const after = await oidc.server.database.db
      .selectFrom('users')
      .select(['locked_until', 'failed_logins'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ locked_until: null, failed_logins: 0 });
  });

  it('speaks Arabic, right to left, when ui_locales=ar-SA', async () => {
    const { html } = await loginPage({ ui_locales: 'ar-SA' });
    expect(html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(html).toContain('<h1>تسجيل الدخول</h1>');
    expect(html).toContain('كلمة المرور');
    expect(html).toContain('بوابة LBS');
    expect(html).not.toContain('Sign in');

    const { html: failed } = await attempt('superadmin', 'wrong', { ui_locales: 'ar-SA' });
    expect(failed).toContain('اسم المستخدم أو كلمة المرور غير صحيحة');
  });

  it('follows Accept-Language when the client sends no ui_locales', async () => {
    const french = await loginPage({}, { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
    expect(french.html).toContain('<html lang="fr-FR" dir="ltr">');
    expect(french.html).toContain('Se connecter');
    expect(french.html).toContain('Mot de passe');

    const chinese = await loginPage({}, { 'accept-language': 'zh-CN' });
    expect(chinese.html).toContain('<html lang="zh-Hans-CN" dir="ltr">');
    expect(chinese.html).toContain('密码');

    const fallback = await loginPage({ ui_locales: 'de-DE' }, { 'accept-language': 'de' });
    expect(fallback.html).toContain('<html lang="en-US" dir="ltr">');
  });

  it('shows a branded, translated page for an expired or foreign sign-in page', async () => {
    const response = await new Browser({ 'accept-language': 'es' }).request(
      `${oidc.server.config.issuer}/login/not-a-real-interaction`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain('Esta página de inicio de sesión ha caducado');
    expect(html).not.toContain('SessionNotFound');
  });

  // Last: it uses up this IP's allowance of sign-in attempts.
  it('rate-limits form submissions per client', async () => {
    const { browser, loginUrl } = await loginPage();
    let limited: Response | undefined;
    for (let i = 0; i < 40 && !limited; i += 1) {
      const response = await submitLogin(browser, loginUrl, `nobody-${i}`, 'x');
      if (response.status === 429) limited = response;
      else await response.body?.cancel();
    }
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('content-type')).toContain('text/html');
    expect(await limited!.text()).toContain('Too many sign-in attempts');
  });
});
