import { MESSAGES, type MessageKey, type MessageParams, type Problem } from '@lbs/contracts';
import { loadShellSchemas } from './load-shell-schemas.ts';

export interface FieldProblem {
  path: string;
  code: string;
  message: string;
  /** The values the message names (`{ max: 120 }`), filled in by the UI (lib/field-message.ts). */
  params?: MessageParams | undefined;
}

/** A failed backend call: HTTP status plus the problem+json body (DESIGN §5), or status 0 for a network failure. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: FieldProblem[] = [],
    readonly problem?: Problem,
  ) {
    super(`${status} ${code}`);
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const [body, { problemSchema }] = await Promise.all([
      response.json().catch((): unknown => null),
      loadShellSchemas(),
    ]);
    const parsed = problemSchema.safeParse(body);
    if (parsed.success)
      return new ApiError(response.status, parsed.data.code, parsed.data.errors ?? [], parsed.data);
    return new ApiError(response.status, fallbackCode(response.status));
  }
}

function fallbackCode(status: number): string {
  if (status === 401) return 'auth.unauthorized';
  if (status === 403) return 'auth.forbidden';
  if (status === 404) return 'problem.notFound';
  if (status === 429) return 'problem.tooManyRequests';
  if (status === 503 || status === 502 || status === 504) return 'problem.unavailable';
  return 'problem.internal';
}

export function isMessageKey(code: string): code is MessageKey {
  return Object.hasOwn(MESSAGES, code);
}

/** Server `code` → the message key the UI translates (SPEC §5, §8); anything unknown → the generic text. */
export function messageKeyFor(error: unknown): MessageKey {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'problem.unavailable';
    if (isMessageKey(error.code)) return error.code;
  }
  return 'error.somethingWentWrong';
}
