import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distanceM, formatDms, parseCoordinate } from './coordinates.ts';
import { buildSlir, parseMlpTime, parseSlia, type MlpPosition } from './documents.ts';
import { CLIENT_RESULTS } from './result-codes.ts';
import { parseXml, XmlFormatError } from './xml.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const located = (p: MlpPosition | undefined) => {
  if (!p?.ok) throw new Error(`expected a position, got ${JSON.stringify(p)}`);
  return p;
};

describe('MLP svc_result / slia parsing', () => {
  it('reads a CircularArea in degrees-minutes-seconds with its UTC offset', () => {
    const { positions, requestResult } = parseSlia(fixture('circular-area-dms.xml'));
    expect(requestResult).toBeUndefined();
    expect(positions).toHaveLength(1);
    const p = located(positions[0]);
    expect(p.msid).toBe('966501000000');
    expect(p.shape).toBe('CircularArea');
    expect(p.lat).toBeCloseTo(24 + 42 / 60 + 49 / 3600, 9);
    expect(p.lon).toBeCloseTo(46 + 40 / 60 + 31.08 / 3600, 9);
    expect(p.accuracyM).toBe(570);
    expect(p.time.toISOString()).toBe('2025-11-24T07:15:30.000Z');
  });

  it('reads a Point in decimal degrees (southern and eastern), a negative half-hour offset, no accuracy', () => {
    const p = located(parseSlia(fixture('point-decimal.xml')).positions[0]);
    expect(p).toMatchObject({
      msid: '34612000001',
      shape: 'Point',
      lat: -33.8688,
      lon: 151.2093,
      accuracyM: null,
    });
    expect(p.time.toISOString()).toBe('2025-11-24T11:45:00.000Z');
  });

  it('reads a Polygon as its centroid and the distance to its farthest corner; no utc_off means UTC', () => {
    const p = located(parseSlia(fixture('polygon.xml')).positions[0]);
    expect(p.shape).toBe('Polygon');
    expect(p.lat).toBeCloseTo(45 + 28 / 60, 4);
    expect(p.lon).toBeCloseTo(9 + 11 / 60, 4);
    const corner = distanceM(p.lat, p.lon, 45.45, 9 + 10 / 60);
    expect(p.accuracyM).toBe(Math.round(corner));
    expect(p.accuracyM).toBeGreaterThan(2200);
    expect(p.accuracyM).toBeLessThan(2320);
    expect(p.time.toISOString()).toBe('2025-11-24T09:10:00.000Z');
  });

  it('reads MLP 3.2 shapes under geo_info (EllipticalArea in km, southern/western DMS) and a CircularArcArea', () => {
    const [ellipse, arc] = parseSlia(fixture('geo-info-ellipse-arc.xml')).positions;
    const e = located(ellipse);
    expect(e).toMatchObject({ msid: '59899077937', shape: 'EllipticalArea', accuracyM: 1500 });
    expect(e.lat).toBeCloseTo(-(34 + 54 / 60 + 21.6 / 3600), 9);
    expect(e.lon).toBeCloseTo(-(56 + 9 / 60 + 54 / 3600), 9);
    expect(e.time.toISOString()).toBe('2025-11-24T21:14:21.000Z');
    const a = located(arc);
    expect(a.shape).toBe('CircularArcArea');
    // Centre of the band: 2 km from the antenna, on the arc's bisector (60° from north: north-east).
    const antenna = { lat: -(34 + 54 / 60), lon: -(56 + 10 / 60) };
    expect(distanceM(antenna.lat, antenna.lon, a.lat, a.lon)).toBeCloseTo(2000, -1);
    expect(a.lat).toBeGreaterThan(antenna.lat);
    expect(a.lon).toBeGreaterThan(antenna.lon);
    expect(a.accuracyM).toBeGreaterThanOrEqual(1000);
  });

  it('reads each poserr with its result code and text', () => {
    const { positions } = parseSlia(fixture('errors-each-code.xml'));
    expect(positions.map((p) => (p.ok ? 'ok' : [p.msid, p.resultCode, p.result]))).toEqual([
      ['10000000004', 4, 'UNKNOWN SUBSCRIBER'],
      ['10000000005', 5, 'ABSENT SUBSCRIBER'],
      ['10000000006', 6, 'POSITION METHOD FAILURE'],
      ['10000000007', 7, 'TIMEOUT'],
      ['10000000201', 201, 'QOP NOT ATTAINABLE'],
      ['10000000202', 202, 'POSITIONING NOT ALLOWED'],
      ['10000000204', 204, 'DISALLOWED BY LOCAL REGULATIONS'],
      ['10000000001', 1, 'SYSTEM FAILURE'],
    ]);
    const first = positions[0]!;
    expect(!first.ok && first.time?.toISOString()).toBe('2025-11-24T10:00:00.000Z');
  });

  it('reads a mixed answer: positions, errors, and a bad pos that fails alone', () => {
    const { positions } = parseSlia(fixture('mixed.xml'));
    expect(positions).toHaveLength(5);
    const [a, b, c, badLat, badTime] = positions;
    expect(located(a)).toMatchObject({ msid: '461011334411', accuracyM: 240 });
    expect(located(a).time.toISOString()).toBe('2025-11-24T12:44:53.000Z');
    expect(b).toMatchObject({ msid: '461018765710', ok: false, resultCode: 5, result: 'ABSENT SUBSCRIBER' });
    expect(located(c).lat).toBeCloseTo(78 + 12 / 60 + 34.308 / 3600, 9);
    expect(located(c).lon).toBeCloseTo(76 + 22 / 60 + 2.82 / 3600, 9);
    expect(badLat).toMatchObject({
      msid: '461018765712',
      ok: false,
      resultCode: CLIENT_RESULTS.INVALID_POSITION,
    });
    expect(badTime).toMatchObject({
      msid: '461018765713',
      ok: false,
      resultCode: CLIENT_RESULTS.INVALID_POSITION,
    });
  });

  it('returns a request-level result (no pos) as such', () => {
    expect(parseSlia(fixture('request-error.xml'))).toEqual({
      positions: [],
      requestResult: { resultCode: 3, result: 'UNAUTHORIZED APPLICATION' },
    });
  });

  it('throws XmlFormatError for a truncated document, a non-MLP document and non-XML', () => {
    expect(() => parseSlia(fixture('malformed-truncated.xml'))).toThrow(XmlFormatError);
    expect(() => parseSlia(fixture('not-mlp.xml'))).toThrow(XmlFormatError);
    expect(() => parseSlia('Service Unavailable')).toThrow(XmlFormatError);
    expect(() => parseSlia('')).toThrow(XmlFormatError);
  });
});

describe('MLP time and coordinates', () => {
  it('parses yyyyMMddHHmmss with offsets, and refuses impossible ones', () => {
    expect(parseMlpTime('20250330023000', '+0200')?.toISOString()).toBe('2025-03-30T00:30:00.000Z');
    expect(parseMlpTime('20251231235959', '-1000')?.toISOString()).toBe('2026-01-01T09:59:59.000Z');
    expect(parseMlpTime('20251124101530', undefined)?.toISOString()).toBe('2025-11-24T10:15:30.000Z');
    expect(parseMlpTime('20250431120000', '+0000')).toBeUndefined();
    expect(parseMlpTime('20251124246000', '+0000')).toBeUndefined();
    expect(parseMlpTime('2025-11-24', '+0000')).toBeUndefined();
    expect(parseMlpTime('20251124101530', '+2500')).toBeUndefined();
  });

  it('parses DMS, degrees-minutes and decimal, with hemisphere checks', () => {
    expect(parseCoordinate('30 16 28.308N', 'lat')).toBeCloseTo(30.27453, 6);
    expect(parseCoordinate('3 42 13.68W', 'lon')).toBeCloseTo(-3.7038, 6);
    expect(parseCoordinate('40 25.008N', 'lat')).toBeCloseTo(40.4168, 6);
    expect(parseCoordinate('-3.7038', 'lon')).toBe(-3.7038);
    expect(parseCoordinate('12.5S', 'lat')).toBe(-12.5);
    expect(parseCoordinate('30 16 28.308E', 'lat')).toBeUndefined();
    expect(parseCoordinate('30 61 00N', 'lat')).toBeUndefined();
    expect(parseCoordinate('91', 'lat')).toBeUndefined();
    expect(parseCoordinate('181 00 00E', 'lon')).toBeUndefined();
    expect(parseCoordinate('north', 'lat')).toBeUndefined();
  });

  it('formats DMS that parses back to the same degrees', () => {
    for (const [v, axis] of [
      [24.7136, 'lat'],
      [-3.70379, 'lon'],
      [-33.8688, 'lat'],
      [151.2093, 'lon'],
    ] as const) {
      expect(parseCoordinate(formatDms(v, axis), axis)).toBeCloseTo(v, 6);
    }
  });
});

describe('MLP standard immediate location request', () => {
  it('carries every MSISDN as msid type MSISDN, the client credentials in hdr, eqop and loc_type', () => {
    const xml = buildSlir(['+966501000000', '+39347 100 0001'], {
      id: 'lbs',
      pwd: 'p<&>"',
      serviceId: '0005',
    });
    const doc = parseXml(xml);
    const svc = doc['svc_init'] as Record<string, unknown>;
    expect(xml).toContain('<msid type="MSISDN">966501000000</msid><msid type="MSISDN">393471000001</msid>');
    expect(xml).toContain(
      '<client><id>lbs</id><pwd>p&lt;&amp;&gt;&quot;</pwd><serviceid>0005</serviceid></client>',
    );
    expect(xml).toContain('<eqop><resp_req type="LOW_DELAY"/><hor_acc>2000</hor_acc></eqop>');
    expect(xml).toContain('<loc_type type="CURRENT_OR_LAST"/>');
    expect(svc).toHaveProperty('slir');
  });
});
