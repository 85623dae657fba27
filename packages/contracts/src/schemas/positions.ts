import { z } from 'zod';
import { idFilter, timestamp } from './fields.ts';
import { AFTER_FIELDS, safeString } from './text.ts';
import { outOfRange } from './limits.ts';
import { everyElement, isInt, isObject } from './plain-checks.ts';

/** Where a position came from: the mobile network (MLP) or an app on the phone. */
export const POSITION_SOURCES = ['NETWORK', 'OSMAND', 'OWNTRACKS'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];
export const positionSourceSchema = z.enum(POSITION_SOURCES);

export const POSITION_HISTORY_MAX_DAYS = 31;
export const POSITION_HISTORY_LIMIT_DEFAULT = 1000;
export const POSITION_HISTORY_LIMIT_MAX = 10_000;
/** The SSE stream sends a comment this often so proxies keep the connection open. */
export const MONITOR_STREAM_HEARTBEAT_MS = 15_000;
/** SSE event names of GET /monitor/stream: `ready` once, then `position` per new position in scope. */
export const MONITOR_STREAM_EVENTS = { ready: 'ready', position: 'position' } as const;

/** One MSISDN's latest position on the Monitor map (GET /monitor/positions, and the SSE `position` event). */
export const monitorPositionSchema = z.object({
  msisdnId: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string(),
  companyId: z.number().int(),
  departmentId: z.number().int(),
  zoneId: z.number().int().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** Radius of the uncertainty circle in metres (cell-sized for network positions); null when unknown. */
  accuracyM: z.number().nullable(),
  time: timestamp(),
  source: positionSourceSchema,
});
export type MonitorPosition = z.infer<typeof monitorPositionSchema>;

/** Data of the SSE `position` event: the monitor item plus the position id (also the event id). */
export const livePositionSchema = monitorPositionSchema.extend({ positionId: z.number().int() });
export type LivePosition = z.infer<typeof livePositionSchema>;

export const dateTimeParam = () =>
  safeString()
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'validation.invalid')
    .transform((v) => new Date(v));

/**
 * The cursor of a Monitor snapshot (`cursor` of an answer, `since` of the next request): which in-memory snapshot it
 * came from and how far it had got ("k3x9q2.1874"). Opaque to clients; one from another snapshot, server or restart
 * is answered with the whole snapshot (`full: true`).
 */
export const MONITOR_CURSOR_PATTERN = /^[0-9a-z]{1,16}\.[0-9]{1,15}$/;
export const monitorCursorSchema = z
  .string({ error: 'validation.invalid' })
  .regex(MONITOR_CURSOR_PATTERN, 'validation.invalid');

/**
 * How GET /monitor/positions writes its answer: `items`, one object per position (monitorPositionsSchema); `columns`,
 * one array per field (monitorPositionColumnsSchema), a third of the bytes after gzip — what the Monitor page asks for.
 */
export const MONITOR_POSITION_FORMATS = ['items', 'columns'] as const;
export type MonitorPositionFormat = (typeof MONITOR_POSITION_FORMATS)[number];

/** GET /monitor/positions: the latest position of every MSISDN in scope, optionally narrowed. */
export const monitorPositionsQuerySchema = z.object({
  companyId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  /**
   * The `cursor` of an earlier answer: only the positions that changed since then (a refresh after a reconnect).
   * A cursor the server can no longer answer from is answered with everything and `full: true`.
   */
  since: monitorCursorSchema.optional(),
  format: z.enum(MONITOR_POSITION_FORMATS, { error: 'validation.invalid' }).default('items'),
});
export type MonitorPositionsQuery = z.infer<typeof monitorPositionsQuerySchema>;

export const monitorPositionsSchema = z.object({
  items: z.array(monitorPositionSchema),
  /** When the snapshot was last current (server time). */
  generatedAt: timestamp(),
  /** Pass it as `since` next time to get only what changed. */
  cursor: monitorCursorSchema,
  /**
   * true: `items` is every position in scope (what the client holds but this lacks is gone); false: an answer to
   * `since`, only what changed.
   */
  full: z.boolean(),
});
export type MonitorPositions = z.infer<typeof monitorPositionsSchema>;

/** Latitudes and longitudes of the `columns` format are integers of this many per degree (0.11 m: finer than any fix). */
export const MONITOR_DEGREE_SCALE = 1e6;

const intColumn = () => z.array(z.number().int());

/**
 * GET /monitor/positions?format=columns: the answer of monitorPositionsSchema with its items as columns, entry i of
 * every column being item i. Numbers are written so that gzip finds them again: `msisdnId` holds the first id, then
 * each id's difference from the one before (ascending ids: small numbers); `lat`/`lon` are MONITOR_DEGREE_SCALE
 * integers; `ageMs` is `timeBase` minus the fix's time in epoch milliseconds; `source` indexes POSITION_SOURCES.
 * monitorColumnsOf writes it and monitorItemsOfColumns reads it back.
 */
const monitorColumnsObject = z.object({
  msisdnId: intColumn(),
  msisdn: z.array(z.string()),
  employeeName: z.array(z.string()),
  companyId: intColumn(),
  departmentId: intColumn(),
  zoneId: z.array(z.number().int().nullable()),
  lat: intColumn(),
  lon: intColumn(),
  accuracyM: z.array(z.number().nullable()),
  ageMs: intColumn(),
  source: z.array(
    z
      .number()
      .int()
      .min(0)
      .max(POSITION_SOURCES.length - 1),
  ),
});
type MonitorColumns = z.infer<typeof monitorColumnsObject>;

/** The answer around its columns (checked one way or another), every column `count` long. */
const monitorColumnsAnswer = (columns: z.ZodType<MonitorColumns>) =>
  z
    .object({
      format: z.literal('columns'),
      generatedAt: timestamp(),
      cursor: monitorCursorSchema,
      full: z.boolean(),
      count: z.number().int().min(0),
      timeBase: z.number().int(),
      columns,
    })
    .refine((body) => Object.values(body.columns).every((column) => column.length === body.count), {
      path: ['columns'],
      message: 'validation.invalid',
    });

export const monitorPositionColumnsSchema = monitorColumnsAnswer(monitorColumnsObject);
export type MonitorPositionColumns = z.infer<typeof monitorPositionColumnsSchema>;

const MONITOR_COLUMN_TESTS: Record<keyof MonitorColumns, (v: unknown) => boolean> = {
  msisdnId: isInt,
  msisdn: (v) => typeof v === 'string',
  employeeName: (v) => typeof v === 'string',
  companyId: isInt,
  departmentId: isInt,
  zoneId: (v) => v === null || isInt(v),
  lat: isInt,
  lon: isInt,
  accuracyM: (v) => v === null || (typeof v === 'number' && Number.isFinite(v)),
  ageMs: isInt,
  source: (v) => isInt(v) && v >= 0 && v < POSITION_SOURCES.length,
};

/**
 * monitorPositionColumnsSchema for the browser: the same rules, the columns checked by plain loops. In the portal zod
 * cannot compile its parsers (the CSP allows no eval) and checked the columns one element at a time, about a tenth of
 * a second per 100,000 positions and column; agreement with the schema is tested (bulk-checks.test.ts).
 */
export const monitorPositionColumnsCheck = monitorColumnsAnswer(
  z.custom<MonitorColumns>(
    (value) =>
      isObject(value) &&
      Object.entries(MONITOR_COLUMN_TESTS).every(([key, test]) => everyElement(value[key], test)),
    { message: 'validation.invalid' },
  ),
);

/** The `columns` form of an answer (its items in their order); `timeBase` is the epoch ms that ages count back from. */
export function monitorColumnsOf(
  { items, generatedAt, cursor, full }: MonitorPositions,
  timeBase: number,
): MonitorPositionColumns {
  const n = items.length;
  const columns: MonitorPositionColumns['columns'] = {
    msisdnId: new Array<number>(n),
    msisdn: new Array<string>(n),
    employeeName: new Array<string>(n),
    companyId: new Array<number>(n),
    departmentId: new Array<number>(n),
    zoneId: new Array<number | null>(n),
    lat: new Array<number>(n),
    lon: new Array<number>(n),
    accuracyM: new Array<number | null>(n),
    ageMs: new Array<number>(n),
    source: new Array<number>(n),
  };
  let previousId = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    columns.msisdnId[i] = item.msisdnId - previousId;
    previousId = item.msisdnId;
    columns.msisdn[i] = item.msisdn;
    columns.employeeName[i] = item.employeeName;
    columns.companyId[i] = item.companyId;
    columns.departmentId[i] = item.departmentId;
    columns.zoneId[i] = item.zoneId;
    columns.lat[i] = Math.round(item.lat * MONITOR_DEGREE_SCALE);
    columns.lon[i] = Math.round(item.lon * MONITOR_DEGREE_SCALE);
    columns.accuracyM[i] = item.accuracyM;
    columns.ageMs[i] = timeBase - Date.parse(item.time);
    columns.source[i] = POSITION_SOURCES.indexOf(item.source);
  }
  return { format: 'columns', generatedAt, cursor, full, count: n, timeBase, columns };
}

/** A position of a `columns` answer with its time as epoch milliseconds (what a client compares and sorts by). */
export type MonitorFix = Omit<MonitorPosition, 'time'> & { timeMs: number };
/** A `columns` answer read back with MonitorFix items. */
export type MonitorFixes = Omit<MonitorPositions, 'items'> & { items: MonitorFix[] };

/**
 * The positions of a `columns` answer with their times as epoch milliseconds: no date text is made for 100,000
 * positions only to be parsed back (degrees to the scale's precision).
 */
export function monitorFixesOfColumns({
  columns: c,
  count,
  timeBase,
  generatedAt,
  cursor,
  full,
}: MonitorPositionColumns): MonitorFixes {
  const items = new Array<MonitorFix>(count);
  let msisdnId = 0;
  for (let i = 0; i < count; i++) {
    msisdnId += c.msisdnId[i]!;
    items[i] = {
      msisdnId,
      msisdn: c.msisdn[i]!,
      employeeName: c.employeeName[i]!,
      companyId: c.companyId[i]!,
      departmentId: c.departmentId[i]!,
      zoneId: c.zoneId[i]!,
      lat: c.lat[i]! / MONITOR_DEGREE_SCALE,
      lon: c.lon[i]! / MONITOR_DEGREE_SCALE,
      accuracyM: c.accuracyM[i]!,
      timeMs: timeBase - c.ageMs[i]!,
      source: POSITION_SOURCES[c.source[i]!]!,
    };
  }
  return { items, generatedAt, cursor, full };
}

/** The items of a `columns` answer, as the `items` format would have written them (degrees to the scale's precision). */
export function monitorItemsOfColumns(body: MonitorPositionColumns): MonitorPositions {
  const { items, ...rest } = monitorFixesOfColumns(body);
  return {
    ...rest,
    items: items.map(({ timeMs, ...item }) => ({ ...item, time: new Date(timeMs).toISOString() })),
  };
}

/** GET /msisdns/{id}/positions?from=&to=&limit=&keep=: default the last 24 hours; at most 31 days; oldest first. */
export const positionHistoryQuerySchema = z
  .object({
    from: dateTimeParam().optional(),
    to: dateTimeParam().optional(),
    limit: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(POSITION_HISTORY_LIMIT_MAX, outOfRange(1, POSITION_HISTORY_LIMIT_MAX))
      .default(POSITION_HISTORY_LIMIT_DEFAULT),
    /** Which end of the period to keep when it holds more than `limit` positions (items stay oldest first). */
    keep: z.enum(['first', 'last'], { error: 'validation.invalid' }).default('first'),
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (q.from < q.to && q.to.getTime() - q.from.getTime() <= POSITION_HISTORY_MAX_DAYS * 86_400_000),
    { path: ['from'], message: 'location.rangeInvalid', ...AFTER_FIELDS },
  );
export type PositionHistoryQuery = z.infer<typeof positionHistoryQuerySchema>;

export const historyPositionSchema = z.object({
  id: z.number().int(),
  time: timestamp(),
  lat: z.number(),
  lon: z.number(),
  accuracyM: z.number().nullable(),
  source: positionSourceSchema,
  receivedAt: timestamp(),
});
export type HistoryPosition = z.infer<typeof historyPositionSchema>;

export const positionHistorySchema = z.object({
  msisdnId: z.number().int(),
  from: timestamp(),
  to: timestamp(),
  items: z.array(historyPositionSchema),
  /** More positions exist in the period than `limit` (the `keep` end was kept): narrow the period. */
  truncated: z.boolean(),
});
export type PositionHistory = z.infer<typeof positionHistorySchema>;

/** POST /msisdns/{id}/locate: the network's answer for one MSISDN ("locate now"). */
export const locateResultSchema = z.object({
  msisdnId: z.number().int(),
  status: z.enum(['LOCATED', 'FAILED']),
  /** MLP result code: 0 located, 4 unknown subscriber, 5 absent subscriber, 6 position method failure, 7 timeout, … */
  resultCode: z.number().int(),
  /** The MLP result text (e.g. ABSENT SUBSCRIBER). */
  result: z.string(),
  /** Message key of a failure, for the UI to translate (location.absentSubscriber, …); null when located. */
  reason: z.string().nullable(),
  position: monitorPositionSchema.nullable(),
  latencyMs: z.number().int(),
});
export type LocateResult = z.infer<typeof locateResultSchema>;

/**
 * POST /msisdns/{id}/device-token: a new token for the employee's tracking app (shown once; the previous token stops
 * working). Traccar Client: server URL `osmand.url`, device identifier `osmand.id`. OwnTracks (HTTP mode): URL
 * `owntracks.url`, user name `owntracks.username`, password `owntracks.password`.
 */
export const deviceTokenSchema = z.object({
  msisdnId: z.number().int(),
  token: z.string(),
  createdAt: timestamp(),
  osmand: z.object({ url: z.string(), id: z.string() }),
  owntracks: z.object({ url: z.string(), username: z.string(), password: z.string() }),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** GET /msisdns/{id}/device-token: whether the tracking app has a live token (never the token itself). */
export const deviceTokenStatusSchema = z.object({
  msisdnId: z.number().int(),
  /** A token is live: the app may send positions with it. */
  active: z.boolean(),
  /** When the live token was issued; null without one. */
  createdAt: timestamp().nullable(),
  /** When the app last sent a position with it (to the minute); null if never. */
  lastUsedAt: timestamp().nullable(),
});
export type DeviceTokenStatus = z.infer<typeof deviceTokenStatusSchema>;
