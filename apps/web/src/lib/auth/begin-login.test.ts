import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientConfigCache } from './client-config.ts';
import { beginLogin } from './session.ts';
import { stubFetch } from './test-helpers.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetClientConfigCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('beginLogin', () => {
  it('called twice at once stores one state, the one the browser is sent with', async () => {
    stubFetch({});
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'https://portal.example', assign });
    await Promise.all([beginLogin('/monitor'), beginLogin('/monitor')]);
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.searchParams.get('state')).toBe(sessionStorage.getItem('state'));
    expect(url.searchParams.get('nonce')).toBe(sessionStorage.getItem('nonce'));
  });
});
