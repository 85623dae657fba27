import type { PoiGeometry } from '@lbs/contracts';

/**
 * POIs as files: GeoJSON (RFC 7946: a circle is a Point with `radius_m`, the convention of most GIS tools, since
 * GeoJSON has no circle), CSV (`name,category,lat,lon,radius_m,wkt,…`: a circle by centre and radius, a polygon as
 * WKT in lon-lat order — the import's columns; UTF-8 with a byte-order mark so spreadsheets read Arabic; cells that
 * a spreadsheet would run as a formula are quoted with a leading apostrophe) and KML 2.2 (a circle as a 64-sided
 * polygon with its radius in ExtendedData, since KML has no circle either).
 */
export interface ExportPoi {
  name: string;
  category: string | null;
  description: string | null;
  address: string | null;
  externalRef: string | null;
  active: boolean;
  department: string | null;
  zone: string | null;
  geometry: PoiGeometry;
}

const props = (p: ExportPoi) => ({
  name: p.name,
  category: p.category,
  description: p.description,
  address: p.address,
  external_ref: p.externalRef,
  active: p.active,
  department: p.department,
  zone: p.zone,
});

export function toGeoJson(pois: readonly ExportPoi[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: pois.map((p) => ({
      type: 'Feature',
      geometry:
        p.geometry.type === 'CIRCLE'
          ? { type: 'Point', coordinates: [p.geometry.center.lon, p.geometry.center.lat] }
          : { type: 'Polygon', coordinates: p.geometry.coordinates },
      properties: {
        ...props(p),
        shape: p.geometry.type === 'CIRCLE' ? 'circle' : 'polygon',
        ...(p.geometry.type === 'CIRCLE' ? { radius_m: p.geometry.radiusM } : {}),
      },
    })),
  });
}

/** A CSV cell: quoted when needed; a leading =, +, -, @, tab or CR is defused (CSV injection). */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const wkt = (rings: readonly (readonly (readonly number[])[])[]) =>
  `POLYGON(${rings.map((r) => `(${r.map((p) => `${p[0]} ${p[1]}`).join(', ')})`).join(', ')})`;

export const CSV_COLUMNS = [
  'name',
  'category',
  'lat',
  'lon',
  'radius_m',
  'wkt',
  'external_ref',
  'address',
  'description',
  'active',
  'department',
  'zone',
] as const;

export function toCsv(pois: readonly ExportPoi[]): string {
  const rows = pois.map((p) => {
    const g = p.geometry;
    return [
      p.name,
      p.category,
      g.type === 'CIRCLE' ? g.center.lat : null,
      g.type === 'CIRCLE' ? g.center.lon : null,
      g.type === 'CIRCLE' ? g.radiusM : null,
      g.type === 'POLYGON' ? wkt(g.coordinates) : null,
      p.externalRef,
      p.address,
      p.description,
      p.active,
      p.department,
      p.zone,
    ]
      .map(csvCell)
      .join(',');
  });
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

const xml = (text: string | null) =>
  (text ?? '').replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );

function circleRing(lat: number, lon: number, radiusM: number, steps = 64): number[][] {
  const dLat = radiusM / 111_320;
  const dLon = radiusM / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = (i / steps) * 2 * Math.PI;
    return [lon + dLon * Math.cos(a), lat + dLat * Math.sin(a)];
  });
}

const kmlRing = (ring: readonly (readonly number[])[]) =>
  `<LinearRing><coordinates>${ring.map((p) => `${p[0]},${p[1]}`).join(' ')}</coordinates></LinearRing>`;

export function toKml(pois: readonly ExportPoi[], documentName: string): string {
  const placemarks = pois.map((p) => {
    const g = p.geometry;
    const rings = g.type === 'CIRCLE' ? [circleRing(g.center.lat, g.center.lon, g.radiusM)] : g.coordinates;
    const [shell, ...holes] = rings;
    const data = Object.entries({ ...props(p), ...(g.type === 'CIRCLE' ? { radius_m: g.radiusM } : {}) })
      .filter(([k, v]) => v !== null && k !== 'name' && k !== 'description')
      .map(([k, v]) => `<Data name="${k}"><value>${xml(String(v))}</value></Data>`)
      .join('');
    return (
      `<Placemark><name>${xml(p.name)}</name>` +
      (p.description ? `<description>${xml(p.description)}</description>` : '') +
      `<ExtendedData>${data}</ExtendedData>` +
      `<Polygon><outerBoundaryIs>${kmlRing(shell!)}</outerBoundaryIs>` +
      holes.map((h) => `<innerBoundaryIs>${kmlRing(h)}</innerBoundaryIs>`).join('') +
      `</Polygon></Placemark>`
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(documentName)}</name>${placemarks.join('')}</Document></kml>\n`;
}
