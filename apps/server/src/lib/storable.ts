/**
 * Free-form values that go into `text` or `jsonb` columns without a schema of their own (what a tracking app
 * reports beyond its position, audit details): made storable once, so no value can fail the insert. PostgreSQL
 * refuses U+0000 in `text` and `\u0000` or a lone surrogate escape in `jsonb`; both become U+FFFD here.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/gu;

/** The text with NUL and lone surrogates replaced, cut to `max` characters (never inside a surrogate pair). */
export function storableText(value: string, max = Infinity): string {
  const clean = value.replace(UNSTORABLE, '\ufffd');
  return clean.length <= max ? clean : clean.slice(0, max).replace(/[\ud800-\udbff]$/, '');
}

const MAX_DEPTH = 8;

/** A JSON value with every string and key storable; deeper than MAX_DEPTH levels it is kept as (cut) text. */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return storableText(JSON.stringify(value) ?? '', 1000);
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const clean = storableJson(item, depth + 1);
    if (clean !== undefined) out[storableText(key)] = clean;
  }
  return out;
}

/** Longest text kept of one reported extra (an app's `event`, `tid`, `charge` …). */
export const EXTRA_TEXT_MAX = 200;

/**
 * The extras of one app report as stored: numbers (finite), booleans, and text; anything else (a list, an
 * object) as its JSON text. Every text is storable and at most EXTRA_TEXT_MAX characters; null is dropped.
 */
export function storableExtras(extra: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(extra)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) out[key] = value;
    } else if (typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'string') out[key] = storableText(value, EXTRA_TEXT_MAX);
    else out[key] = storableText(JSON.stringify(storableJson(value)) ?? '', EXTRA_TEXT_MAX);
  }
  return out;
}
