import { vi } from 'vitest';
import type { ClientConfig } from '@lbs/contracts';

export const CONFIG: ClientConfig = {
  issuer: 'https://id.example/realms/lbs',
  clientId: 'lbs-public',
  authorizationEndpoint: 'https://id.example/realms/lbs/protocol/openid-connect/auth',
  tokenEndpoint: 'https://id.example/realms/lbs/protocol/openid-connect/token',
  endSessionEndpoint: 'https://id.example/realms/lbs/protocol/openid-connect/logout',
};

function b64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeJwt(payload: object): string {
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface FetchCall {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch stub that serves the client config and hands token requests to `onToken`. */
export function stubFetch(handlers: {
  onToken?: (body: URLSearchParams) => Response;
  onApi?: (url: string, init?: RequestInit) => Response;
}) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url.endsWith('/api/v1/lbs-backend/config')) return jsonResponse(CONFIG);
    if (url.endsWith('/protocol/openid-connect/token') && handlers.onToken)
      return handlers.onToken(new URLSearchParams(String(init?.body)));
    if (handlers.onApi) return handlers.onApi(url, init);
    return jsonResponse({ error: 'unexpected' }, 599);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    tokenCalls: () => calls.filter((c) => c.url.endsWith('/protocol/openid-connect/token')),
  };
}
