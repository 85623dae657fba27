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

/** Element types sent in binary (their OIDs): numbers and instants that would otherwise be written and read as text. */
const ELEMENT_OIDS = { int4: 23, int8: 20, float8: 701, timestamptz: 1184 } as const;
export type BinaryElement = keyof typeof ELEMENT_OIDS;

/** 2000-01-01T00:00:00Z, PostgreSQL's epoch for timestamps, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;

/**
 * An array parameter of numbers or instants (`${float8Array(lats)}::float8[]`), sent to PostgreSQL in its binary form:
 * no number written as text in Node nor read back from text by the server (the position store's latitudes,
 * longitudes, accuracies and times). PGlite gets the array literal (db/pglite-dialect.ts); anything else that reads
 * the parameter sees its literal too.
 */
export class ArrayParam {
  constructor(
    readonly type: BinaryElement,
    readonly values: readonly (number | Date | null | undefined)[],
  ) {}

  /** PostgreSQL's binary array: one dimension from 1, elements big-endian, NULL as length -1. */
  toBinary(): Buffer {
    // Indexed loops: iterating with for…of allocated a result object per element here (about a tenth of all the
    // position pipeline allocated).
    const { values } = this;
    const count = values.length;
    const width = this.type === 'int4' ? 4 : 8;
    let nulls = 0;
    for (let i = 0; i < count; i++) if (values[i] === null || values[i] === undefined) nulls++;
    if (!count) {
      const empty = Buffer.alloc(12);
      empty.writeInt32BE(ELEMENT_OIDS[this.type], 8);
      return empty;
    }
    const out = Buffer.allocUnsafe(20 + count * 4 + (count - nulls) * width);
    out.writeInt32BE(1, 0);
    out.writeInt32BE(nulls ? 1 : 0, 4);
    out.writeInt32BE(ELEMENT_OIDS[this.type], 8);
    out.writeInt32BE(count, 12);
    out.writeInt32BE(1, 16);
    let at = 20;
    for (let i = 0; i < count; i++) {
      const v = values[i];
      if (v === null || v === undefined) {
        out.writeInt32BE(-1, at);
        at += 4;
        continue;
      }
      out.writeInt32BE(width, at);
      at += 4;
      switch (this.type) {
        case 'int4':
          out.writeInt32BE(v as number, at);
          break;
        case 'float8':
          out.writeDoubleBE(v as number, at);
          break;
        default: {
          // int8 as is; an instant as microseconds since PostgreSQL's epoch (exact below 2^53: any year to 2255).
          const n =
            this.type === 'int8'
              ? (v as number)
              : ((v instanceof Date ? v.getTime() : v) - PG_EPOCH_MS) * 1000;
          const high = Math.floor(n / TWO_32);
          out.writeInt32BE(high, at);
          out.writeUInt32BE(n - high * TWO_32, at + 4);
        }
      }
      at += width;
    }
    return out;
  }

  /** The array literal (instants in ISO 8601). */
  toText(): string {
    return arrayLiteral(
      this.values.map((v) =>
        v instanceof Date
          ? v.toISOString()
          : this.type === 'timestamptz' && typeof v === 'number'
            ? new Date(v).toISOString()
            : v,
      ),
    );
  }

  toString(): string {
    return this.toText();
  }
}

export const int4Array = (values: readonly (number | null | undefined)[]) => new ArrayParam('int4', values);
export const int8Array = (values: readonly (number | null | undefined)[]) => new ArrayParam('int8', values);
export const float8Array = (values: readonly (number | null | undefined)[]) =>
  new ArrayParam('float8', values);
/** Instants as Dates or Unix milliseconds. */
export const timestamptzArray = (values: readonly (Date | number | null | undefined)[]) =>
  new ArrayParam('timestamptz', values);

/**
 * A statement's parameters as a PostgreSQL connection sends them: array parameters in binary. Every statement passes
 * here; one without array parameters keeps its values as they are (no copy).
 */
export function binaryParameters(values: readonly unknown[]): readonly unknown[] {
  return values.some((v) => v instanceof ArrayParam)
    ? values.map((v) => (v instanceof ArrayParam ? v.toBinary() : v))
    : values;
}

/** A statement's parameters as PGlite takes them: array parameters as literals. */
export function textParameters(values: readonly unknown[]): unknown[] {
  return values.map((v) => (v instanceof ArrayParam ? v.toText() : v));
}
