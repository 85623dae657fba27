/**
 * Predicates for the browser's hand-written checks of bulk answers (monitorPositionColumnsCheck,
 * msisdnDirectoryPageCheck): what zod's `z.number().int()`, `z.object` and `z.array` accept, without zod.
 */
export const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An array whose every element passes; indexed, not every(): a hole is an element missing, as for zod. */
export function everyElement(list: unknown, test: (v: unknown) => boolean): boolean {
  if (!Array.isArray(list)) return false;
  for (let i = 0; i < list.length; i++) if (!test(list[i])) return false;
  return true;
}
