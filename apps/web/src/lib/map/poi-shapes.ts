/**
 * POI shapes for MapLibre: a circle as a ring of points at its true radius (display only; the server keeps the
 * circle), a polygon with its holes, as GeoJSON polygons with the properties the POI layers style by.
 */
import type { Feature, FeatureCollection, Position } from 'geojson';
import type { LatLon } from './geometry.ts';

export type MapGeometry =
  | { type: 'CIRCLE'; center: LatLon; radiusM: number }
  | { type: 'POLYGON'; coordinates: readonly (readonly (readonly number[])[])[] };

export interface MapPoi {
  id: number;
  name: string;
  color: string;
  active: boolean;
  geometry: MapGeometry;
}

export function circleRing(center: LatLon, radiusM: number, steps = 64): Position[] {
  const dLat = radiusM / 111_320;
  const dLon = radiusM / (111_320 * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  const ring: Position[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * 2 * Math.PI;
    ring.push([center.lon + dLon * Math.cos(a), center.lat + dLat * Math.sin(a)]);
  }
  return ring;
}

export function ringsOf(g: MapGeometry): Position[][] {
  return g.type === 'CIRCLE'
    ? [circleRing(g.center, g.radiusM)]
    : g.coordinates.map((ring) => ring.map((p) => [p[0]!, p[1]!]));
}

/** The POIs as polygons with `id`, `name`, `color`, `active` and `selected` properties. */
export function poiShapeCollection(
  pois: readonly MapPoi[],
  selectedId: number | null = null,
): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: pois.map<Feature>((p) => ({
      type: 'Feature',
      id: p.id,
      geometry: { type: 'Polygon', coordinates: ringsOf(p.geometry) },
      properties: { id: p.id, name: p.name, color: p.color, active: p.active, selected: p.id === selectedId },
    })),
  };
}
