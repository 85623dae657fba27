/**
 * Server problem (problem+json) → react-hook-form errors and the alert text.
 *
 * Usage in a submit handler:
 *   try { await mutation.mutateAsync(body); }
 *   catch (error) {
 *     const outcome = applyProblemToForm(error, form.setError, FIELDS);   // FIELDS: the form's field paths
 *     setProblem(outcome);                                                // <FormProblemAlert outcome={problem} />
 *   }
 *
 * Each `errors[].path` (e.g. `config.trackingWindow.end`, `roles.1`) lands on the longest known field path that is
 * it or its ancestor; the error's message is its `code` (a MESSAGES key) with its `params` (fieldMessageOf), which the
 * form fields translate. The alert
 * carries the problem `code` (e.g. `org.departmentInUse`, `problem.validation`) and the field errors that matched
 * no field, so nothing the server said is lost.
 *
 * Or, for the whole submit:
 *   const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, (values) => mutation.mutateAsync(values));
 *   <form onSubmit={submit}><FormProblemAlert outcome={problem} onClose={clearProblem} />…</form>
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from '@lbs/contracts';
import { fieldMessageOf } from '../field-message.ts';
import { ApiError, messageKeyFor } from './api-error.ts';

export interface ProblemOutcome {
  /** Problem code to show in the alert (translated with t()); a known MESSAGES key. */
  messageKey: MessageKey;
  /** Field errors that were placed on form fields (their paths). */
  mapped: string[];
  /** Messages of field errors no form field takes (keys with their values, lib/field-message.ts). */
  unmapped: string[];
  /** HTTP status (0: network). */
  status: number;
}

/** The longest of `fields` that is `path` or an ancestor of it (`a.b.c` → `a.b` → `a`). */
export function fieldForPath(path: string, fields: readonly string[]): string | undefined {
  const parts = path.split('.').filter(Boolean);
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    if (fields.includes(candidate)) return candidate;
  }
  return undefined;
}

/** Puts the server's field errors onto the form; returns what the alert should say. Non-API errors → generic text. */
export function applyProblemToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): ProblemOutcome {
  const status = error instanceof ApiError ? error.status : 0;
  const mapped: string[] = [];
  const unmapped: string[] = [];
  if (error instanceof ApiError) {
    let first = true;
    for (const problem of error.fieldErrors) {
      const key = fieldMessageOf(problem);
      const field = fieldForPath(problem.path, fields);
      if (field === undefined) {
        unmapped.push(key);
        continue;
      }
      setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: first });
      first = false;
      mapped.push(field);
    }
  }
  return { messageKey: messageKeyFor(error), mapped, unmapped, status };
}

/**
 * A form's submit handler: validates, clears the last problem, runs `action` with the parsed values, and puts a
 * server problem onto the fields and the alert (applyProblemToForm). An error `action` handles itself is not one.
 */
export function useProblemSubmit<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  fields: readonly Path<TInput>[],
  action: (values: TOutput) => Promise<unknown>,
) {
  const [problem, setProblem] = useState<ProblemOutcome | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await action(values);
    } catch (error) {
      setProblem(applyProblemToForm(error, form.setError, fields));
    }
  });
  return { submit, problem, clearProblem: () => setProblem(null) };
}
