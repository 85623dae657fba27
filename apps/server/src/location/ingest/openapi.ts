import { z } from 'zod';
import { problemSchema } from '@lbs/contracts';

/**
 * What the tracking apps send, for the API document only: the ingest routes read their input themselves (any
 * content type, lenient about extras), so these schemas are never used to validate.
 */
const text = (description: string) => z.string().describe(description).optional();

export const osmandQueryDoc = z.object({
  id: text('Device token (also `deviceid`)'),
  deviceid: text('Device token (alternative name)'),
  lat: text('Latitude, decimal degrees (-90…90)'),
  lon: text('Longitude, decimal degrees (-180…180)'),
  location: text('`lat,lon` instead of lat and lon'),
  timestamp: text('Time of the fix: Unix seconds or milliseconds, ISO 8601, or `yyyy-MM-dd HH:mm:ss` (UTC)'),
  accuracy: text('Accuracy in metres'),
  speed: text('Speed in knots'),
  bearing: text('Bearing in degrees (also `heading`)'),
  altitude: text('Altitude in metres'),
  batt: text('Battery level in percent'),
  charge: text('Whether the phone is charging'),
});

const osmandCoords = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().optional(),
  speed: z.number().optional().describe('m/s'),
  heading: z.number().optional(),
  altitude: z.number().optional(),
});
const osmandLocation = z.object({
  timestamp: z.string().describe('ISO 8601'),
  coords: osmandCoords,
  battery: z.object({ level: z.number().optional() }).optional(),
  is_moving: z.boolean().optional(),
  event: z.string().optional(),
});

/** Traccar Client's JSON variant; the form variant carries the query's parameters. */
export const osmandBodyDoc = z.union([
  z.object({
    device_id: z.string().describe('Device token'),
    location: z.union([osmandLocation, z.array(osmandLocation)]),
  }),
  osmandQueryDoc,
]);

const ownTracksLocation = z.object({
  _type: z.literal('location'),
  lat: z.number(),
  lon: z.number(),
  tst: z.number().int().describe('Unix seconds'),
  acc: z.number().optional(),
  alt: z.number().optional(),
  vel: z.number().optional().describe('km/h'),
  cog: z.number().optional(),
  batt: z.number().optional(),
  tid: z.string().optional(),
  t: z.string().optional(),
});

/** OwnTracks HTTP mode: one message or a list; messages of other `_type`s are skipped. */
export const ownTracksBodyDoc = z.union([ownTracksLocation, z.array(ownTracksLocation)]);

export const INGEST_CONTENT_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];

/** The answers of a report: taken (stored, or dropped outside the tracking window), or a problem. */
export const ingestResponsesDoc = (ok: z.ZodType) => ({
  200: ok,
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  429: problemSchema,
});
