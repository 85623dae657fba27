import { distanceM, offsetPoint, parseCoordinate, polygonCircle } from './coordinates.ts';
import { CLIENT_RESULTS, MLP_OK, resultText } from './result-codes.ts';
import { attr, child, children, escapeXml, parseXml, text, XmlFormatError, type XmlNode } from './xml.ts';

export const MLP_VERSION = '3.1.0';

export interface MlpCredentials {
  id?: string | undefined;
  pwd?: string | undefined;
  serviceId?: string | undefined;
}

/** MSISDN as MLP carries it: international digits without '+'. */
export const msidOf = (msisdn: string) => msisdn.replace(/^\+/, '').replace(/\D/g, '');

/**
 * Standard Immediate Location Request (svc_init / slir) for many MSISDNs at once: synchronous answer, low delay,
 * horizontal accuracy wanted, current (or last known) location, WGS 84.
 */
export function buildSlir(
  msisdns: readonly string[],
  credentials: MlpCredentials = {},
  options: { horAccM?: number } = {},
): string {
  const client = [
    credentials.id ? `<id>${escapeXml(credentials.id)}</id>` : '',
    credentials.pwd ? `<pwd>${escapeXml(credentials.pwd)}</pwd>` : '',
    credentials.serviceId ? `<serviceid>${escapeXml(credentials.serviceId)}</serviceid>` : '',
  ].join('');
  const msids = msisdns.map((m) => `<msid type="MSISDN">${escapeXml(msidOf(m))}</msid>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svc_init SYSTEM "MLP_SVC_INIT_310.DTD">\n` +
    `<svc_init ver="${MLP_VERSION}"><hdr ver="${MLP_VERSION}"><client>${client}</client></hdr>` +
    `<slir ver="${MLP_VERSION}" res_type="SYNC"><msids>${msids}</msids>` +
    `<eqop><resp_req type="LOW_DELAY"/><hor_acc>${options.horAccM ?? 2000}</hor_acc></eqop>` +
    `<geo_info><CoordinateReferenceSystem><Identifier><code>4326</code><codeSpace>EPSG</codeSpace><edition>6.1</edition></Identifier></CoordinateReferenceSystem></geo_info>` +
    `<loc_type type="CURRENT_OR_LAST"/><prio type="NORMAL"/></slir></svc_init>`
  );
}

export type MlpShape = 'Point' | 'CircularArea' | 'Polygon' | 'EllipticalArea' | 'CircularArcArea';

export type MlpPosition =
  | {
      msid: string;
      ok: true;
      time: Date;
      lat: number;
      lon: number;
      accuracyM: number | null;
      shape: MlpShape;
    }
  | { msid: string; ok: false; resultCode: number; result: string; time: Date | null };

export interface SliaAnswer {
  /** One entry per pos of the answer (an MSISDN the answer left out has none). */
  positions: MlpPosition[];
  /** A result for the request as a whole (no pos): UNAUTHORIZED APPLICATION, FORMAT ERROR, … */
  requestResult?: { resultCode: number; result: string };
}

/** MLP time `yyyyMMddHHmmss`, local to `utc_off` (±HHMM; none = UTC). */
export function parseMlpTime(value: string | undefined, utcOff: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  if (utcOff !== undefined && utcOff.trim() !== '') {
    const o = /^([+-])(\d{2}):?(\d{2})$/.exec(utcOff.trim());
    if (!o) return undefined;
    offsetMin = (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3]));
    if (Math.abs(offsetMin) > 14 * 60) return undefined;
  }
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(local);
  if (date.getUTCDate() !== d) return undefined; // 31 April
  return new Date(local - offsetMin * 60_000);
}

function timeOf(node: XmlNode | undefined): Date | undefined {
  const t = child(node, 'time');
  return parseMlpTime(text(t), attr(t, 'utc_off'));
}

function coordOf(node: XmlNode | undefined): { lat: number; lon: number } | undefined {
  const lat = parseCoordinate(text(child(node, 'X')) ?? '', 'lat');
  const lon = parseCoordinate(text(child(node, 'Y')) ?? '', 'lon');
  return lat === undefined || lon === undefined ? undefined : { lat, lon };
}

const UNITS: Record<string, number> = {
  meter: 1,
  metre: 1,
  m: 1,
  kilometer: 1000,
  kilometre: 1000,
  km: 1000,
};

function distanceOf(shape: XmlNode, name: string): number | undefined {
  const raw = text(child(shape, name));
  if (raw === undefined || !/^\d+(\.\d+)?$/.test(raw.trim())) return undefined;
  const unit = UNITS[(text(child(shape, 'distanceUnit')) ?? 'meter').trim().toLowerCase()];
  return unit === undefined ? undefined : Number(raw) * unit;
}

const angleOf = (shape: XmlNode, name: string) => {
  const raw = text(child(shape, name));
  return raw !== undefined && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : undefined;
};

/** Centre and accuracy radius of a shape; undefined for a shape we cannot read. */
function readShape(
  shapeNode: XmlNode | undefined,
): { lat: number; lon: number; accuracyM: number | null; shape: MlpShape } | undefined {
  if (!shapeNode) return undefined;
  const point = child(shapeNode, 'Point');
  if (point) {
    const c = coordOf(child(point, 'coord'));
    return c && { ...c, accuracyM: null, shape: 'Point' };
  }
  const circle = child(shapeNode, 'CircularArea');
  if (circle) {
    const c = coordOf(child(circle, 'coord'));
    const radius = distanceOf(circle, 'radius');
    return c && radius !== undefined ? { ...c, accuracyM: radius, shape: 'CircularArea' } : undefined;
  }
  const ellipse = child(shapeNode, 'EllipticalArea');
  if (ellipse) {
    const c = coordOf(child(ellipse, 'coord'));
    const semiMajor = distanceOf(ellipse, 'semiMajor');
    return c && semiMajor !== undefined ? { ...c, accuracyM: semiMajor, shape: 'EllipticalArea' } : undefined;
  }
  const arc = child(shapeNode, 'CircularArcArea');
  if (arc) {
    const c = coordOf(child(arc, 'coord'));
    const inner = distanceOf(arc, 'inRadius');
    const outer = distanceOf(arc, 'outRadius');
    const start = angleOf(arc, 'startAngle');
    const stop = angleOf(arc, 'stopAngle');
    if (
      !c ||
      inner === undefined ||
      outer === undefined ||
      start === undefined ||
      stop === undefined ||
      outer < inner
    )
      return undefined;
    // stopAngle is the arc's opening from startAngle (3GPP TS 23.032 "included angle"), clockwise from north. The
    // position is the centre of the band: half-way between the radii, on the arc's bisector.
    const centre = offsetPoint(c.lat, c.lon, (inner + outer) / 2, start + stop / 2);
    const edge = offsetPoint(c.lat, c.lon, outer, start);
    const accuracyM = Math.max((outer - inner) / 2, distanceM(centre.lat, centre.lon, edge.lat, edge.lon));
    return { ...centre, accuracyM, shape: 'CircularArcArea' };
  }
  const polygon = child(shapeNode, 'Polygon');
  if (polygon) {
    const points = children(child(child(polygon, 'outerBoundaryIs'), 'LinearRing'), 'coord').map(coordOf);
    if (points.length < 3 || points.some((p) => p === undefined)) return undefined;
    const circle = polygonCircle(points as { lat: number; lon: number }[]);
    return { lat: circle.lat, lon: circle.lon, accuracyM: Math.round(circle.radiusM), shape: 'Polygon' };
  }
  return undefined;
}

function resultOf(node: XmlNode | undefined): { resultCode: number; result: string } | undefined {
  const result = child(node, 'result');
  if (!result) return undefined;
  const resid = attr(result, 'resid');
  const code = resid !== undefined && /^\d+$/.test(resid.trim()) ? Number(resid) : 2;
  return { resultCode: code, result: text(result) || resultText(code) };
}

function readPos(pos: XmlNode): MlpPosition | undefined {
  const msid = text(child(pos, 'msid'))?.replace(/\D/g, '');
  if (!msid) return undefined;
  const poserr = child(pos, 'poserr');
  if (poserr) {
    const r = resultOf(poserr) ?? { resultCode: 2, result: resultText(2) };
    return { msid, ok: false, ...r, time: timeOf(poserr) ?? null };
  }
  const pd = child(pos, 'pd');
  // MLP 3.1 puts the shape in pd; 3.2 and later in pd/geo_info (with the CRS beside it).
  const shape = readShape(child(pd, 'shape') ?? child(child(pd, 'geo_info'), 'shape'));
  const time = timeOf(pd);
  if (!pd || !shape || !time) {
    return {
      msid,
      ok: false,
      resultCode: CLIENT_RESULTS.INVALID_POSITION,
      result: resultText(CLIENT_RESULTS.INVALID_POSITION),
      time: time ?? null,
    };
  }
  return { msid, ok: true, time, ...shape };
}

/**
 * Parses a svc_result / slia answer: each pos becomes a position (pd) or an error (poserr with its result code); a
 * pos whose pd cannot be read is an INVALID POSITION error of that MSISDN alone. A document that is not XML, or not
 * a slia, is an XmlFormatError.
 */
export function parseSlia(document: string): SliaAnswer {
  const root = parseXml(document);
  const svc = child(root, 'svc_result');
  const slia = child(svc, 'slia') ?? child(root, 'slia');
  if (!slia) {
    const general = resultOf(svc);
    if (general) return { positions: [], requestResult: general };
    throw new XmlFormatError('the answer is not an MLP svc_result with a slia');
  }
  const positions = children(slia, 'pos')
    .map(readPos)
    .filter((p): p is MlpPosition => p !== undefined);
  const requestResult = resultOf(slia);
  if (positions.length === 0 && requestResult && requestResult.resultCode !== MLP_OK)
    return { positions, requestResult };
  return { positions };
}
