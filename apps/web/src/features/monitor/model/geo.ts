import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import { accuracyPixelsAtZoom0, type LatLon } from '../../../lib/map/geometry.ts';
import { FRESHNESS, type Freshness } from './freshness.ts';
import { itemFreshness } from './filters.ts';
import type { MonitorItem } from './positions-store.ts';

export interface MarkerProperties {
  /** MSISDN id (feature ids do not survive clustering everywhere). */
  m: number;
  /** Index into FRESHNESS (clusters take the minimum: the freshest member). */
  f: number;
  /** Accuracy radius in pixels at zoom 0; 0 when unknown. */
  r0: number;
}

export const freshnessIndex = (freshness: Freshness) => FRESHNESS.indexOf(freshness);

/** The markers of the items that have a fix, as the GeoJSON source data (feature id = MSISDN id). */
export function markerCollection(
  items: readonly MonitorItem[],
  nowMs: number,
): FeatureCollection<Point, MarkerProperties> {
  const features: Feature<Point, MarkerProperties>[] = [];
  for (const item of items) {
    const fix = item.fix;
    if (!fix) continue;
    features.push({
      type: 'Feature',
      id: item.id,
      geometry: { type: 'Point', coordinates: [fix.lon, fix.lat] },
      properties: {
        m: item.id,
        f: freshnessIndex(itemFreshness(item, nowMs)),
        r0: fix.accuracyM ? accuracyPixelsAtZoom0(fix.accuracyM, fix.lat) : 0,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

export type TrailPoint = LatLon;

/** A history as a line (two points or more) plus one point per fix (property i = index, for the playback). */
export function trailCollection(
  points: readonly TrailPoint[],
): FeatureCollection<LineString | Point, { i?: number; last?: boolean }> {
  const features: Feature<LineString | Point, { i?: number; last?: boolean }>[] = [];
  if (points.length >= 2) {
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: points.map((p) => [p.lon, p.lat]) },
      properties: {},
    });
  }
  points.forEach((p, i) => {
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties: { i, last: i === points.length - 1 },
    });
  });
  return { type: 'FeatureCollection', features };
}
