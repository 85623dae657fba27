/**
 * The MiniMap's MapLibre part (lazily loaded with MapLibre): one position with its accuracy circle and a recent
 * trail on the portal's base map.
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource } from 'maplibre-gl';
import { createBaseMap, type BaseMap, type BaseMapOptions } from '../lib/map/base-map.ts';
import {
  ACCURACY_RADIUS,
  accuracyPixelsAtZoom0,
  boundsOf,
  circleExtent,
  type LatLon,
} from '../lib/map/geometry.ts';

export interface MiniMapData {
  position: (LatLon & { accuracyM?: number | null | undefined }) | null;
  trail: readonly LatLon[];
}

const POSITION_COLOR = '#0A8FDC';
const TRAIL_COLOR = '#7C3AED';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function collections({ position, trail }: MiniMapData): {
  position: FeatureCollection;
  trail: FeatureCollection;
} {
  const trailFeatures: Feature[] = [];
  if (trail.length >= 2)
    trailFeatures.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: trail.map((p) => [p.lon, p.lat]) },
      properties: {},
    });
  for (const p of trail)
    trailFeatures.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties: {},
    });
  return {
    trail: { type: 'FeatureCollection', features: trailFeatures },
    position: position
      ? {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [position.lon, position.lat] },
              properties: {
                r0: position.accuracyM ? accuracyPixelsAtZoom0(position.accuracyM, position.lat) : 0,
              },
            },
          ],
        }
      : EMPTY,
  };
}

export class MiniMapEngine {
  readonly #base: BaseMap;
  #destroyed = false;

  constructor(options: Omit<BaseMapOptions, 'controls' | 'scrollZoom'>) {
    this.#base = createBaseMap({ ...options, controls: true, scrollZoom: false });
    const map = this.#base.map;
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      map.addSource('mini-trail', { type: 'geojson', data: EMPTY });
      map.addSource('mini-position', { type: 'geojson', data: EMPTY });
      map.addLayer({
        id: 'mini-trail-line',
        type: 'line',
        source: 'mini-trail',
        filter: ['==', ['geometry-type'], 'LineString'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': TRAIL_COLOR, 'line-width': 2.5, 'line-opacity': 0.8 },
      });
      map.addLayer({
        id: 'mini-trail-points',
        type: 'circle',
        source: 'mini-trail',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 3,
          'circle-color': TRAIL_COLOR,
          'circle-stroke-color': '#FFFFFF',
          'circle-stroke-width': 1,
        },
      });
      map.addLayer({
        id: 'mini-accuracy',
        type: 'circle',
        source: 'mini-position',
        filter: ['>', ['get', 'r0'], 0],
        paint: {
          'circle-radius': ACCURACY_RADIUS as unknown as ExpressionSpecification,
          'circle-color': POSITION_COLOR,
          'circle-opacity': 0.12,
          'circle-stroke-color': POSITION_COLOR,
          'circle-stroke-width': 1,
          'circle-stroke-opacity': 0.5,
          'circle-pitch-alignment': 'map',
        },
      });
      map.addLayer({
        id: 'mini-position',
        type: 'circle',
        source: 'mini-position',
        paint: {
          'circle-radius': 7,
          'circle-color': POSITION_COLOR,
          'circle-stroke-color': '#FFFFFF',
          'circle-stroke-width': 2,
        },
      });
    });
  }

  /** Shows the data and frames it (the trail and the position; a lone position at street level). */
  setData(data: MiniMapData): void {
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      const map = this.#base.map;
      const { position, trail } = collections(data);
      (map.getSource('mini-position') as GeoJSONSource | undefined)?.setData(position);
      (map.getSource('mini-trail') as GeoJSONSource | undefined)?.setData(trail);
      // Frame the trail and the whole accuracy circle (a lone position without one at street level).
      const p = data.position;
      const around = p ? (p.accuracyM ? circleExtent(p, p.accuracyM) : [p]) : [];
      const bounds = boundsOf([...data.trail, ...around]);
      if (!bounds) return;
      if (bounds[0] === bounds[2] && bounds[1] === bounds[3])
        map.jumpTo({ center: [bounds[0], bounds[1]], zoom: 15 });
      else map.fitBounds(bounds, { padding: 24, maxZoom: 16, duration: 0 });
    });
  }

  setDark(dark: boolean): void {
    this.#base.setDark(dark);
  }

  destroy(): void {
    this.#destroyed = true;
    this.#base.destroy();
  }
}
