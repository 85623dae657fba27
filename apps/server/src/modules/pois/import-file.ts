import { parse as parseCsv } from 'csv-parse/sync';
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import {
  POI_IMPORT_MAX_ROWS,
  poiCreateSchema,
  type MessageKey,
  type PoiCreateBody,
  type PoiImportFormat,
  type PoiImportRowError,
} from '@lbs/contracts';
import { fieldErrorFrom } from '../../lib/errors.ts';

/**
 * Reading a POI file into rows: CSV (`name,category,lat,lon,radius_m` or `wkt` in lon-lat order, plus
 * external_ref, address, description, active), a GeoJSON FeatureCollection (Point with `radius_m`, or Polygon) or KML
 * (through @tmcw/togeojson: a Placemark's Point with a `radius_m` data field, or its Polygon). Each row is checked by
 * the same schema as POST /pois; what fails is reported per row and field, in the file's own numbering.
 */
export interface ImportRow {
  row: number;
  categoryName: string | null;
  body: Omit<PoiCreateBody, 'companyId' | 'categoryId' | 'departmentId' | 'zoneId'>;
}

export interface ParsedFile {
  rows: ImportRow[];
  errors: PoiImportRowError[];
  /** Rows in the file, valid or not. */
  count: number;
}

export class ImportFileError extends Error {
  constructor(readonly code: MessageKey) {
    super(code);
  }
}

type Raw = Record<string, unknown>;
interface RawRow {
  row: number;
  props: Raw;
  geometry: unknown;
  geometryError?: MessageKey;
}

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const num = (v: unknown): number | null => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : NaN;
};
const pick = (props: Raw, ...names: string[]) => {
  for (const n of names) if (props[n] !== undefined && props[n] !== null && props[n] !== '') return props[n];
  return undefined;
};

/** `POLYGON((lon lat, …), (…))` → rings of [lon, lat]. */
export function parseWkt(wkt: string): number[][][] | null {
  const m = /^\s*POLYGON\s*\(\s*(\(.*\))\s*\)\s*$/i.exec(wkt);
  if (!m) return null;
  const rings = m[1]!.match(/\(([^()]*)\)/g);
  if (!rings) return null;
  const out = rings.map((r) =>
    r
      .slice(1, -1)
      .split(',')
      .map((pair) => pair.trim().split(/\s+/).map(Number)),
  );
  return out.every((ring) => ring.every((p) => p.length >= 2 && p.every(Number.isFinite))) ? out : null;
}

function fromCsv(content: string): RawRow[] {
  let records: Raw[];
  try {
    records = parseCsv(content.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as Raw[];
  } catch {
    throw new ImportFileError('poiImport.unreadable');
  }
  return records.map((props, i) => {
    const wkt = text(props['wkt']);
    if (wkt) {
      const rings = parseWkt(wkt);
      return rings
        ? { row: i + 1, props, geometry: { type: 'POLYGON', coordinates: rings } }
        : { row: i + 1, props, geometry: null, geometryError: 'poiImport.wktInvalid' };
    }
    const [lat, lon, radius] = [num(props['lat']), num(props['lon']), num(props['radius_m'])];
    if (lat === null || lon === null || radius === null)
      return { row: i + 1, props, geometry: null, geometryError: 'poiImport.radiusRequired' };
    return { row: i + 1, props, geometry: { type: 'CIRCLE', center: { lat, lon }, radiusM: radius } };
  });
}

interface GeoFeature {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Raw | null;
}

function fromFeatures(features: readonly GeoFeature[]): RawRow[] {
  return features.map((f, i) => {
    const props = f.properties ?? {};
    const g = f.geometry;
    if (g?.type === 'Point' && Array.isArray(g.coordinates)) {
      const [lon, lat] = g.coordinates as number[];
      const radius = num(pick(props, 'radius_m', 'radius', 'radiusM'));
      if (radius === null)
        return { row: i + 1, props, geometry: null, geometryError: 'poiImport.radiusRequired' };
      return { row: i + 1, props, geometry: { type: 'CIRCLE', center: { lat, lon }, radiusM: radius } };
    }
    if (g?.type === 'Polygon') {
      // Our own KML export draws a circle as a 64-gon with its radius beside it: it comes back as the circle.
      const radius = num(pick(props, 'radius_m'));
      const shell = (g.coordinates as number[][][] | undefined)?.[0];
      if (radius !== null && Number.isFinite(radius) && shell && shell.length > 3) {
        const corners = shell.slice(0, -1);
        const lon = corners.reduce((sum, c) => sum + c[0]!, 0) / corners.length;
        const lat = corners.reduce((sum, c) => sum + c[1]!, 0) / corners.length;
        return { row: i + 1, props, geometry: { type: 'CIRCLE', center: { lat, lon }, radiusM: radius } };
      }
      return { row: i + 1, props, geometry: { type: 'POLYGON', coordinates: g.coordinates } };
    }
    return { row: i + 1, props, geometry: null, geometryError: 'poiImport.unsupportedGeometry' };
  });
}

function fromGeoJson(content: string): RawRow[] {
  let doc: { type?: string; features?: GeoFeature[] };
  try {
    doc = JSON.parse(content) as typeof doc;
  } catch {
    throw new ImportFileError('poiImport.unreadable');
  }
  if (doc?.type !== 'FeatureCollection' || !Array.isArray(doc.features))
    throw new ImportFileError('poiImport.unreadable');
  return fromFeatures(doc.features);
}

function fromKml(content: string): RawRow[] {
  let features: GeoFeature[];
  try {
    const dom = new DOMParser({ onError: () => {} }).parseFromString(content, 'text/xml');
    if (!dom.documentElement || dom.getElementsByTagName('kml').length === 0) throw new Error('not KML');
    features = (
      kmlToGeoJson(dom as unknown as Parameters<typeof kmlToGeoJson>[0]) as { features: GeoFeature[] }
    ).features;
  } catch {
    throw new ImportFileError('poiImport.unreadable');
  }
  return fromFeatures(features);
}

export function parseImportFile(format: PoiImportFormat, content: string): ParsedFile {
  const raw =
    format === 'csv' ? fromCsv(content) : format === 'geojson' ? fromGeoJson(content) : fromKml(content);
  if (raw.length === 0) throw new ImportFileError('poiImport.empty');
  if (raw.length > POI_IMPORT_MAX_ROWS) throw new ImportFileError('poiImport.tooManyRows');
  const rows: ImportRow[] = [];
  const errors: PoiImportRowError[] = [];
  const refs = new Set<string>();
  for (const r of raw) {
    if (r.geometryError) {
      errors.push({ row: r.row, path: 'geometry', code: r.geometryError });
      continue;
    }
    const p = r.props;
    const activeText = text(pick(p, 'active'));
    const candidate = {
      name: text(pick(p, 'name')) ?? '',
      description: text(pick(p, 'description')),
      address: text(pick(p, 'address')),
      externalRef: text(pick(p, 'external_ref', 'externalRef', 'ref')),
      active: activeText === null ? true : !/^(false|0|no)$/i.test(activeText),
      geometry: r.geometry,
    };
    const parsed = poiCreateSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const { code, params } = fieldErrorFrom('', issue.message);
        errors.push({
          row: r.row,
          path: issue.path.map(String).join('.') || 'name',
          code,
          ...(params ? { params } : {}),
        });
      }
      continue;
    }
    const ref = parsed.data.externalRef;
    if (ref) {
      if (refs.has(ref)) {
        errors.push({ row: r.row, path: 'externalRef', code: 'poiImport.duplicateRef' });
        continue;
      }
      refs.add(ref);
    }
    const { companyId: _c, categoryId: _k, departmentId: _d, zoneId: _z, ...body } = parsed.data;
    rows.push({ row: r.row, categoryName: text(pick(p, 'category')), body });
  }
  return { rows, errors, count: raw.length };
}
