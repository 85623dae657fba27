import type { FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import landUrl from 'world-atlas/land-110m.json?url';

export interface WorldBoundaries {
  land: FeatureCollection<Geometry>;
  /** Borders between countries (each drawn once; coastlines are the land's edge). */
  borders: MultiLineString;
}

let loading: Promise<WorldBoundaries> | undefined;

type Position = number[];

/**
 * A line or ring whose longitudes never jump by more than 180° between neighbours: world-atlas stores shapes that
 * cross the antimeridian (Fiji, Chukotka, Antarctica) as a step from +179° to −180°, which a flat map draws as a
 * line (or a sliver of land) around the whole world. Continuing past ±180° instead lets the tiler wrap them.
 */
export function unwrapLongitudes(line: readonly Position[]): Position[] {
  let offset = 0;
  let previous: number | undefined;
  return line.map(([lon = 0, lat = 0]) => {
    if (previous !== undefined) {
      const step = lon + offset - previous;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previous = lon + offset;
    return [previous, lat];
  });
}

function unwrapGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLongitudes) };
    case 'MultiPolygon':
      return {
        ...geometry,
        coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapLongitudes)),
      };
    case 'MultiLineString':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLongitudes) };
    case 'LineString':
      return { ...geometry, coordinates: unwrapLongitudes(geometry.coordinates) };
    default:
      return geometry;
  }
}

async function topology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`world map ${url}: ${response.status}`);
  return (await response.json()) as Topology;
}

/**
 * The offline base map shipped with the app: Natural Earth 1:110m land and country borders (world-atlas TopoJSON,
 * fetched from the app's own assets and turned into GeoJSON once per page).
 */
export function loadWorldBoundaries(): Promise<WorldBoundaries> {
  if (loading) return loading;
  const next = Promise.all([topology(landUrl), topology(countriesUrl)]).then(([landTopo, countriesTopo]) => {
    const countries = countriesTopo.objects['countries'] as GeometryCollection;
    const land = feature(
      landTopo,
      landTopo.objects['land'] as GeometryCollection,
    ) as FeatureCollection<Geometry>;
    return {
      land: { ...land, features: land.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })) },
      borders: unwrapGeometry(mesh(countriesTopo, countries, (a, b) => a !== b)) as MultiLineString,
    };
  });
  // A failed load (offline before the assets were cached) is tried again by the next map.
  next.catch(() => {
    loading = undefined;
  });
  loading = next;
  return next;
}
