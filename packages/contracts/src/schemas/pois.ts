import { z } from 'zod';
import { normalisePolygon, polygonIssues, type LonLat } from '../poi-geometry.ts';
import { isoWeekdays, timeOfDay } from './companies.ts';
import { optionalDate, timestamp } from './fields.ts';
import { positionSourceSchema } from './positions.ts';
import { intBetween } from './limits.ts';

export {
  closeRing,
  normalisePolygon,
  pointInRing,
  polygonAreaM2,
  polygonIssues,
  EARTH_RADIUS_M,
  METRES_PER_DEGREE,
  type GeometryIssue,
  type LonLat,
  type Ring,
} from '../poi-geometry.ts';

/** POI geometry limits (issue 11). A polygon's limits keep it city-sized: its measures stay local and exact. */
export const POI_RADIUS_MIN_M = 25;
export const POI_RADIUS_MAX_M = 50_000;
export const POI_POLYGON_VERTICES_MAX = 500;
export const POI_POLYGON_EXTENT_MAX_M = 100_000;
/** A polygon at least as large as the smallest circle. */
export const POI_POLYGON_AREA_MIN_M2 = Math.PI * POI_RADIUS_MIN_M ** 2;
export const POI_ASSIGNMENT_WINDOWS_MAX = 4;
export const POI_MIN_DWELL_MINUTES_MAX = 1440;

const coordinate = (limit: number) =>
  z
    .number({ error: 'location.coordinatesInvalid' })
    .min(-limit, 'location.coordinatesInvalid')
    .max(limit, 'location.coordinatesInvalid');
const latitude = () => coordinate(90);
const longitude = () => coordinate(180);

/** A circle, stored as such (the presence engine needs the true radius, not a 64-gon). */
export const poiCircleSchema = z.object({
  type: z.literal('CIRCLE'),
  center: z.object({ lat: latitude(), lon: longitude() }, { error: 'location.coordinatesInvalid' }),
  radiusM: z
    .number({ error: 'validation.poiRadiusOutOfRange' })
    .min(POI_RADIUS_MIN_M, 'validation.poiRadiusOutOfRange')
    .max(POI_RADIUS_MAX_M, 'validation.poiRadiusOutOfRange'),
});
export type PoiCircle = z.infer<typeof poiCircleSchema>;

/** GeoJSON position `[lon, lat]`; a third value (altitude, as KML exports carry) is accepted and dropped. */
const position = z
  .array(z.number({ error: 'validation.poiPositionInvalid' }), { error: 'validation.poiPositionInvalid' })
  .min(2, 'validation.poiPositionInvalid')
  .superRefine(([lon = 0, lat = 0], ctx) => {
    if (Math.abs(lon) > 180)
      ctx.addIssue({ code: 'custom', message: 'location.coordinatesInvalid', path: [0] });
    if (Math.abs(lat) > 90)
      ctx.addIssue({ code: 'custom', message: 'location.coordinatesInvalid', path: [1] });
  });

const ring = z
  .array(position, { error: 'validation.poiPositionInvalid' })
  // Bounds the work of the crossing tests before the exact count below (+1: the closing position).
  .max(POI_POLYGON_VERTICES_MAX + 1, 'validation.poiTooManyVertices');

/**
 * A GeoJSON Polygon: the first ring is the outline (shell), the others holes. Accepted open or closed and in any
 * winding; answered closed, without repeated consecutive corners, the shell counter-clockwise and holes clockwise
 * (RFC 7946). Rings must not cross or touch (a hole touching the shell is refused too: simpler for every reader).
 */
export const poiPolygonSchema = z
  .object({
    type: z.literal('POLYGON'),
    coordinates: z
      .array(ring, { error: 'validation.poiPositionInvalid' })
      .min(1, 'validation.poiRingTooFewVertices')
      .max(Math.floor(POI_POLYGON_VERTICES_MAX / 3), 'validation.poiTooManyVertices'),
  })
  .transform((polygon, ctx): { type: 'POLYGON'; coordinates: LonLat[][] } => {
    const coordinates = normalisePolygon(polygon.coordinates);
    const issues = polygonIssues(coordinates, {
      maxVertices: POI_POLYGON_VERTICES_MAX,
      maxExtentM: POI_POLYGON_EXTENT_MAX_M,
      minAreaM2: POI_POLYGON_AREA_MIN_M2,
    });
    for (const issue of issues)
      ctx.issues.push({ code: 'custom', message: issue.code, path: issue.path, input: polygon });
    return { type: 'POLYGON', coordinates };
  });
export type PoiPolygon = z.output<typeof poiPolygonSchema>;

export const POI_GEOMETRY_TYPES = ['CIRCLE', 'POLYGON'] as const;
export type PoiGeometryType = (typeof POI_GEOMETRY_TYPES)[number];
/** A POI's shape: `{type: 'CIRCLE', center: {lat, lon}, radiusM}` or `{type: 'POLYGON', coordinates}`. */
export const poiGeometrySchema = z.discriminatedUnion('type', [poiCircleSchema, poiPolygonSchema], {
  error: 'validation.poiShapeInvalid',
});
export type PoiGeometry = z.output<typeof poiGeometrySchema>;
export type PoiGeometryInput = z.input<typeof poiGeometrySchema>;

/** Why an MSISDN is assigned to a POI: the attendance site of a shift, or a place to visit. */
export const POI_PURPOSES = ['ATTENDANCE_SITE', 'VISIT'] as const;
export type PoiPurpose = (typeof POI_PURPOSES)[number];

/**
 * A time window `HH:mm`–`HH:mm` in the company's time zone. An end before the start runs past midnight (the window
 * belongs to the day it starts); start = end is the whole day, as for the tracking window's check.
 */
export const poiTimeWindowSchema = z.object({ start: timeOfDay(), end: timeOfDay() });
export type PoiTimeWindow = z.infer<typeof poiTimeWindowSchema>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** The minutes of the clock [from, to) a window covers, split at midnight. */
function clockSpans(w: PoiTimeWindow): [number, number][] {
  const s = minutes(w.start);
  const e = minutes(w.end);
  if (s === e) return [[0, 1440]];
  return s < e
    ? [[s, e]]
    : [
        [s, 1440],
        [0, e],
      ];
}
/** True when two windows share a minute of the clock (whatever their days: simpler to read, never ambiguous). */
export function windowsOverlap(a: PoiTimeWindow, b: PoiTimeWindow): boolean {
  return clockSpans(a).some(([s1, e1]) => clockSpans(b).some(([s2, e2]) => s1 < e2 && s2 < e1));
}

/**
 * When an assignment is evaluated: ISO weekdays, one to four non-overlapping windows (company time zone), and
 * optional first and last valid days (inclusive local dates; a window belongs to the day it starts).
 */
const scheduleFields = {
  days: isoWeekdays(),
  windows: z
    .array(poiTimeWindowSchema, { error: 'validation.poiWindowsInvalid' })
    .min(1, 'validation.poiWindowsInvalid')
    .max(POI_ASSIGNMENT_WINDOWS_MAX, 'validation.poiWindowsInvalid')
    .superRefine((windows, ctx) => {
      windows.forEach((w, i) => {
        if (windows.slice(0, i).some((other) => windowsOverlap(other, w)))
          ctx.addIssue({ code: 'custom', message: 'validation.poiWindowsOverlap', path: [i] });
      });
    }),
  validFrom: optionalDate(),
  validTo: optionalDate(),
};
const validRange = (s: { validFrom?: string | null; validTo?: string | null }) =>
  !s.validFrom || !s.validTo || s.validFrom <= s.validTo;
const validRangeIssue = { path: ['validTo'], message: 'validation.validToBeforeFrom' };

export const poiScheduleSchema = z.object(scheduleFields).refine(validRange, validRangeIssue);
export type PoiSchedule = z.output<typeof poiScheduleSchema>;

/** The terms of one assignment of a POI to an MSISDN (the request bodies add the POI and the MSISDNs). */
export const poiAssignmentTermsSchema = z
  .object({
    ...scheduleFields,
    purpose: z.enum(POI_PURPOSES, { error: 'validation.poiPurposeInvalid' }),
    /** A stay shorter than this is not a visit (the presence engine's enter dwell is at least this long). */
    minDwellMinutes: intBetween(1, POI_MIN_DWELL_MINUTES_MAX).nullish(),
    notifyOnEnter: z.boolean({ error: 'validation.invalid' }).default(false),
    notifyOnExit: z.boolean({ error: 'validation.invalid' }).default(false),
    /** The shift an attendance site counts for (attendance, issue 12); an attendance site without one is not counted. */
    shiftId: z
      .number({ error: 'attendance.shiftRequired' })
      .int('attendance.shiftRequired')
      .positive('attendance.shiftRequired')
      .nullish(),
  })
  .refine(validRange, validRangeIssue);
export type PoiAssignmentTerms = z.output<typeof poiAssignmentTermsSchema>;

/** Presence engine vocabulary (issue 11). A fix against a POI, judged from its accuracy disk: */
export const FIX_CLASSES = ['INSIDE', 'OUTSIDE', 'AMBIGUOUS'] as const;
export type FixClass = (typeof FIX_CLASSES)[number];
/** Per (MSISDN, POI): ENTERING and LEAVING are unconfirmed changes waiting for their dwell. */
export const PRESENCE_STATES = ['OUTSIDE', 'ENTERING', 'INSIDE', 'LEAVING'] as const;
export type PresenceStateName = (typeof PRESENCE_STATES)[number];
/** EXIT: confirmed outside; NO_DATA: no fix for max_gap; WINDOW_END: the assignment window closed; OPEN: ongoing. */
export const VISIT_CLOSED_BY = ['EXIT', 'NO_DATA', 'WINDOW_END', 'OPEN'] as const;
export type VisitClosedBy = (typeof VISIT_CLOSED_BY)[number];
export const PRESENCE_EVENT_TYPES = ['GEOFENCE_ENTER', 'GEOFENCE_EXIT', 'VISIT_CLOSED'] as const;
export type PresenceEventType = (typeof PRESENCE_EVENT_TYPES)[number];
export const DETECTABILITY_STATUSES = ['DETECTABLE', 'MARGINAL', 'UNDETECTABLE', 'UNKNOWN'] as const;
export type DetectabilityStatus = (typeof DETECTABILITY_STATUSES)[number];

/** Accuracy (68 % radius) of one source's positions over the last 30 days. */
export const accuracyStatsSchema = z.object({
  source: positionSourceSchema,
  samples: z.number().int(),
  p50M: z.number(),
  p90M: z.number(),
});
export type AccuracyStats = z.infer<typeof accuracyStatsSchema>;

/** Can this POI be told apart at this MSISDN's usual accuracy? */
export const detectabilitySchema = z.object({
  status: z.enum(DETECTABILITY_STATUSES),
  /** The POI's effective radius √(area/π) (a circle's radius). */
  rEffM: z.number(),
  /** The statistics the status is judged on (the source with most positions); null when UNKNOWN. */
  basis: accuracyStatsSchema.nullable(),
  perSource: z.array(accuracyStatsSchema),
  /** "Enlarge to ≥ X m, or use the tracking app": the effective radius that would make it DETECTABLE. */
  adviceRadiusM: z.number().nullable(),
});
export type Detectability = z.infer<typeof detectabilitySchema>;

/** One stay of an MSISDN at a POI; each instant comes with the interval the truth lies in. */
export const visitSchema = z.object({
  msisdnId: z.number().int(),
  poiId: z.number().int(),
  /** The first inside fix; the person arrived after `enteredEarliest` (the fix before; null if none). */
  enteredAt: timestamp(),
  enteredEarliest: timestamp().nullable(),
  enteredLatest: timestamp(),
  /** The last inside fix; null while OPEN. The person left before `exitedLatest` (null when unknown). */
  exitedAt: timestamp().nullable(),
  exitedEarliest: timestamp().nullable(),
  exitedLatest: timestamp().nullable(),
  dwellMinutes: z.number(),
  /** Mean inside probability of the fixes that carried the visit (0–1). */
  confidence: z.number(),
  fixCount: z.number().int(),
  sources: z.array(positionSourceSchema),
  closedBy: z.enum(VISIT_CLOSED_BY),
});
export type Visit = z.infer<typeof visitSchema>;
