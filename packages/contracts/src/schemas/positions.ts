import { z } from 'zod';
import { idFilter, timestamp } from './fields.ts';
import { AFTER_FIELDS, safeString } from './text.ts';
import { outOfRange } from './limits.ts';

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
