import type { FieldError } from '../../lib/errors.ts';

/** One position reported by a tracking app, before validation against the pipeline's rules. */
export interface AppReport {
  time: Date;
  lat: number;
  lon: number;
  accuracyM: number | null;
  extra: Record<string, unknown>;
}

export class ReportFormatError extends Error {
  constructor(readonly errors: FieldError[]) {
    super('The position report is not valid.');
  }
}

type Params = Record<string, unknown>;

const invalidCoordinates = (path: string): FieldError => ({
  path,
  code: 'location.coordinatesInvalid',
  message: 'Latitude must be between -90 and 90 and longitude between -180 and 180',
});
const invalidTime = (path: string): FieldError => ({
  path,
  code: 'location.timeInvalid',
  message: 'The position time is missing, not valid, in the future or too old',
});

function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : NaN;
}

/** Traccar/OsmAnd `timestamp`: Unix seconds, Unix milliseconds, ISO 8601, or 'yyyy-MM-dd HH:mm:ss' (UTC). */
export function parseReportTime(value: unknown, now: () => number = Date.now): Date | undefined {
  if (value === undefined || value === null || value === '') return new Date(now());
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return undefined;
    return new Date(n >= 1e11 ? n : n * 1000);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(text);
  const iso = local ? `${local[1]}T${local[2]}Z` : text;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : new Date(t);
}

function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entries).filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isNaN(v))),
  );
}

function coordinates(
  lat: unknown,
  lon: unknown,
  errors: FieldError[],
  path: (f: string) => string,
): { lat: number; lon: number } | undefined {
  const la = num(lat);
  const lo = num(lon);
  if (la === undefined || Number.isNaN(la) || Math.abs(la) > 90) errors.push(invalidCoordinates(path('lat')));
  if (lo === undefined || Number.isNaN(lo) || Math.abs(lo) > 180)
    errors.push(invalidCoordinates(path('lon')));
  return errors.length ? undefined : { lat: la!, lon: lo! };
}

function accuracy(value: unknown, errors: FieldError[], path: string): number | null {
  const a = num(value);
  if (a === undefined) return null;
  if (Number.isNaN(a) || a < 0) errors.push({ path, code: 'validation.invalid', message: 'Invalid value' });
  return a;
}

/** The device token of an OsmAnd request: `id` (Traccar Client), `deviceid`, or the JSON variant's `device_id`. */
export function osmandToken(params: Params, body: unknown): string | undefined {
  const json = body && typeof body === 'object' && !Array.isArray(body) ? (body as Params) : {};
  const value = params['id'] ?? params['deviceid'] ?? json['device_id'] ?? json['id'];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * OsmAnd protocol as Traccar Client sends it: parameters in the query string or a form body (`lat`, `lon` or
 * `location=lat,lon`, `timestamp`, `accuracy`, `speed` in knots, `bearing`, `altitude`, `batt`), or its JSON variant
 * (`{"location": {"timestamp", "coords": {latitude, longitude, accuracy, speed m/s, heading, altitude}, "battery"},
 * "device_id"}`, `location` possibly a list).
 */
export function parseOsmand(params: Params, body: unknown, now: () => number = Date.now): AppReport[] {
  const json = body && typeof body === 'object' && !Array.isArray(body) ? (body as Params) : undefined;
  if (json && 'location' in json && typeof json['location'] === 'object' && json['location'] !== null) {
    const list = Array.isArray(json['location']) ? json['location'] : [json['location']];
    const errors: FieldError[] = [];
    const reports = list.map((item: unknown, i) => {
      const loc = (item ?? {}) as Params;
      const coords = (loc['coords'] ?? {}) as Params;
      const battery = (loc['battery'] ?? {}) as Params;
      const prefix = list.length > 1 ? `location.${i}.` : 'location.';
      const own: FieldError[] = [];
      const c = coordinates(
        coords['latitude'],
        coords['longitude'],
        own,
        (f) => `${prefix}coords.${f === 'lat' ? 'latitude' : 'longitude'}`,
      );
      const time = parseReportTime(loc['timestamp'], now);
      if (!time) own.push(invalidTime(`${prefix}timestamp`));
      const acc = accuracy(coords['accuracy'], own, `${prefix}coords.accuracy`);
      errors.push(...own);
      return c && time
        ? {
            time,
            ...c,
            accuracyM: acc,
            extra: defined({
              speedMps: num(coords['speed']),
              bearing: num(coords['heading']),
              altitude: num(coords['altitude']),
              battery: num(battery['level']),
              isMoving: loc['is_moving'],
              event: loc['event'],
            }),
          }
        : undefined;
    });
    if (errors.length) throw new ReportFormatError(errors);
    return reports as AppReport[];
  }
  const p: Params = { ...(json ?? {}), ...params };
  let lat = p['lat'];
  let lon = p['lon'];
  if (lat === undefined && typeof p['location'] === 'string') [lat, lon] = p['location'].split(',');
  const errors: FieldError[] = [];
  const c = coordinates(lat, lon, errors, (f) => f);
  const time = parseReportTime(p['timestamp'], now);
  if (!time) errors.push(invalidTime('timestamp'));
  const acc = accuracy(p['accuracy'], errors, 'accuracy');
  if (errors.length || !c || !time) throw new ReportFormatError(errors);
  const battery = num(p['batt']);
  return [
    {
      time,
      ...c,
      accuracyM: acc,
      extra: defined({
        speedKnots: num(p['speed']),
        bearing: num(p['bearing'] ?? p['heading']),
        altitude: num(p['altitude']),
        battery,
        charging: p['charge'],
      }),
    },
  ];
}

/**
 * OwnTracks HTTP JSON: a message or a list of them; `_type: "location"` ones carry `lat`, `lon`, `tst` (Unix
 * seconds), `acc`, `alt`, `vel` (km/h), `cog`, `batt`. Other message types are not positions and are skipped.
 */
export function parseOwnTracks(body: unknown): AppReport[] {
  const messages = Array.isArray(body) ? body : [body];
  const errors: FieldError[] = [];
  const reports: AppReport[] = [];
  messages.forEach((m, i) => {
    if (!m || typeof m !== 'object' || (m as Params)['_type'] !== 'location') return;
    const msg = m as Params;
    const prefix = Array.isArray(body) ? `${i}.` : '';
    const own: FieldError[] = [];
    const c = coordinates(msg['lat'], msg['lon'], own, (f) => `${prefix}${f}`);
    const tst = num(msg['tst']);
    const time = tst !== undefined && !Number.isNaN(tst) && tst > 0 ? new Date(tst * 1000) : undefined;
    if (!time) own.push(invalidTime(`${prefix}tst`));
    const acc = accuracy(msg['acc'], own, `${prefix}acc`);
    errors.push(...own);
    if (c && time && own.length === 0) {
      reports.push({
        time,
        ...c,
        accuracyM: acc,
        extra: defined({
          altitude: num(msg['alt']),
          speedKmh: num(msg['vel']),
          bearing: num(msg['cog']),
          battery: num(msg['batt']),
          tid: msg['tid'],
          trigger: msg['t'],
        }),
      });
    }
  });
  if (errors.length) throw new ReportFormatError(errors);
  return reports;
}
