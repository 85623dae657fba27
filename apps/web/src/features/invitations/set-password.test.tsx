import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../i18n/index.ts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp } from '../../test/render-app.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/set-password (public)', () => {
  it('prefills the e-mail, checks the 6-digit code and the re-entered password before calling the server', async () => {
    const { apiCalls } = renderApp('/set-password?email=nadia%40alpha.example', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText('A security code has been sent to your registered email')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('nadia@alpha.example');

    fill(/^Security code/, '12345');
    fill(/^New password/, 'Str0ng!pass');
    fill(/^Re-enter new password/, 'Str0ng!pasx');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The length of Pin should be 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();

    fill(/^Security code/, '12a456');
    fill(/^New password/, 'short');
    fill(/^Re-enter new password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The length of Pin should be 6 digits')).toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
  });

  it('verifies, then accepts, then offers Sign in', async () => {
    const { apiCalls } = renderApp('/set-password?email=nadia%40alpha.example', null, (url) => {
      if (url.pathname.endsWith('/invitations/verify'))
        return jsonResponse({
          email: 'nadia@alpha.example',
          username: 'nadia',
          fullName: 'Nadia Aziz',
          expiresAt: '2030-01-01T00:00:00.000Z',
        });
      if (url.pathname.endsWith('/invitations/accept'))
        return jsonResponse({
          code: 'aws.passwordSetSuccessfully',
          message: 'Password set successfully',
          username: 'nadia',
        });
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Set your password' });
    fill(/^Security code/, ' 482913 ');
    fill(/^New password/, 'Str0ng!pass');
    fill(/^Re-enter new password/, 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set successfully')).toBeInTheDocument();
    expect(
      screen.getByText('Your user name is nadia. Sign in with it and your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      apiCalls().map((c) => [
        c.url.pathname.replace('/api/v1/lbs-backend', ''),
        JSON.parse(String(c.init?.body)),
      ]),
    ).toEqual([
      ['/invitations/verify', { email: 'nadia@alpha.example', code: '482913' }],
      ['/invitations/accept', { email: 'nadia@alpha.example', code: '482913', password: 'Str0ng!pass' }],
    ]);
  });

  it('an expired code is explained and nothing is accepted; a wrong code marks the code field', async () => {
    let verify = 0;
    const { apiCalls } = renderApp('/set-password?email=nadia%40alpha.example', null, (url) => {
      if (url.pathname.endsWith('/invitations/verify')) {
        verify += 1;
        return verify === 1 ? problem(400, 'aws.codeExpired') : problem(400, 'invitation.codeInvalid');
      }
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Set your password' });
    fill(/^Security code/, '482913');
    fill(/^New password/, 'Str0ng!pass');
    fill(/^Re-enter new password/, 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Code you entered is expired, please signup again!',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('The security code or the email address is not valid'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Security code/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(apiCalls().filter((c) => c.url.pathname.endsWith('/accept'))).toEqual([]);
  });
});
