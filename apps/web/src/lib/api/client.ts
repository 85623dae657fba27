import { API_BASE_PATH } from '@lbs/contracts';
import type { z } from 'zod';
import { getAuthSnapshot } from '../auth/auth-store.ts';
import { refreshAccessToken, SessionEndedError } from '../auth/refresh.ts';
import { notifySessionEnded } from '../auth/session-events.ts';
import { ApiError } from './api-error.ts';

/** Refresh up front when the token would expire in flight. */
const EXPIRY_SKEW_MS = 10_000;

export interface ApiRequest<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

async function currentToken(): Promise<string | undefined> {
  const auth = getAuthSnapshot();
  if (!auth) return undefined;
  if (auth.expiresAt - Date.now() > EXPIRY_SKEW_MS) return auth.accessToken;
  return (await refreshOrEnd({})).accessToken;
}

async function refreshOrEnd(options: { rejectedToken?: string }) {
  try {
    return await refreshAccessToken(options);
  } catch (error) {
    if (error instanceof SessionEndedError) {
      notifySessionEnded();
      throw new ApiError(401, 'auth.unauthorized');
    }
    throw new ApiError(0, 'problem.unavailable');
  }
}

/**
 * Sends one backend request with the bearer token, refreshing once and retrying on 401. `init` builds the request
 * for a given token (so the retry sends the same body).
 */
async function authorizedFetch(
  path: string,
  init: (headers: Record<string, string>) => RequestInit,
  signal?: AbortSignal,
): Promise<Response> {
  const send = async (token: string | undefined) => {
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await fetch(`${API_BASE_PATH}${path}`, { ...init(headers), headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, 'problem.unavailable');
    }
  };

  const token = await currentToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    const next = await refreshOrEnd({ rejectedToken: token });
    response = await send(next.accessToken);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/**
 * Backend call under API_BASE_PATH: JSON in and out, bearer token, one refresh-and-retry on 401, problem+json
 * turned into ApiError, and the response validated by the shared schema when one is given.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal }: ApiRequest<S> = {},
): Promise<Result<S>> {
  const response = await authorizedFetch(
    path,
    (headers) => {
      if (body !== undefined) headers['content-type'] = 'application/json';
      return { method, body: body === undefined ? undefined : JSON.stringify(body) };
    },
    signal,
  );
  if (response.status === 204) return undefined as Result<S>;
  const json: unknown = await response.json();
  return (schema ? schema.parse(json) : json) as Result<S>;
}

/**
 * Like apiRequest, for a body or an answer that is not JSON (a file upload, a file download): the raw body goes
 * out with its own content type and the successful Response comes back unread.
 */
export function apiRequestRaw(
  path: string,
  {
    method = 'GET',
    body,
    contentType,
    signal,
  }: {
    method?: ApiRequest['method'];
    body?: Blob | ArrayBuffer;
    contentType?: string;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  return authorizedFetch(
    path,
    (headers) => {
      if (contentType) headers['content-type'] = contentType;
      return { method, body };
    },
    signal,
  );
}
