/**
 * PostgreSQL array literals for the hot statements' unnested parameters (`${arrayLiteral(ids)}::int[]`). node-postgres
 * serialises a JavaScript array by concatenating each element into a growing string and escaping every text with a
 * regular expression: for the position pipeline's batches (thousands of elements, JSON documents among them) that was
 * a third of what the process allocated. Here each element becomes one string and the literal is one join.
 */

export type ArrayElement = string | number | boolean | null | undefined;

/** What JSON quoting would get wrong in an array element: control characters (\n, not a newline) and surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const SPECIAL = /[\u0000-\u001f\ud800-\udfff]/;

function element(value: ArrayElement): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value !== 'string') return String(value);
  // JSON's quoting escapes exactly " and \ here, as an array literal needs (and is native, one string).
  if (!SPECIAL.test(value)) return JSON.stringify(value);
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** The array literal of these elements: numbers and booleans as written, texts quoted, null as NULL. */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i]);
  return `{${parts.join(',')}}`;
}

/**
 * The elements of a list a hot statement answers as one text (`string_agg(…, ',')`) instead of a row per element:
 * null (no rows) is no element, and an empty text is one empty element (a single `coalesce(…, '')`).
 */
export function splitList(text: string | null | undefined): string[] {
  return text == null ? [] : text.split(',');
}
