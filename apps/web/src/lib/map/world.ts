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
    return {
      land: feature(landTopo, landTopo.objects['land'] as GeometryCollection) as FeatureCollection<Geometry>,
      borders: mesh(countriesTopo, countries, (a, b) => a !== b),
    };
  });
  // A failed load (offline before the assets were cached) is tried again by the next map.
  next.catch(() => {
    loading = undefined;
  });
  loading = next;
  return next;
}
