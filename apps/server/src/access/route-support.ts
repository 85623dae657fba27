import { problemSchema } from '@lbs/contracts';

/** The problems a scoped read answers with: bad input, no token, a role without the permission, out of scope. */
export const readProblems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
} as const;
/** A write's problems: those of a read and a conflict (a taken name, something still in use). */
export const writeProblems = { ...readProblems, 409: problemSchema } as const;
