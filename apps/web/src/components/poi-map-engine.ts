/**
 * The POI map's MapLibre part (lazily loaded with MapLibre): POIs drawn to scale (circles as true-radius rings,
 * polygons with their holes), filled in their category colour, clustered as points when zoomed far out; a click
 * selects one. In drawing mode a click reports its position and the draft shape is drawn on top.
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { GeoJSONSource, MapLayerMouseEvent, MapMouseEvent } from 'maplibre-gl';
import { createBaseMap, type BaseMap, type BaseMapOptions } from '../lib/map/base-map.ts';
import { CLUSTER_COUNT_IMAGE, drawClusterCounts } from '../lib/map/cluster-count.ts';
import { boundsOf, type LatLon } from '../lib/map/geometry.ts';
import {
  circleRing,
  poiShapeCollection,
  ringsOf,
  type MapGeometry,
  type MapPoi,
} from '../lib/map/poi-shapes.ts';

export type { MapGeometry, MapPoi };

/** A shape being drawn: a circle, or the corners of a polygon so far (open). */
export type DraftShape =
  | { type: 'CIRCLE'; center: LatLon | null; radiusM: number }
  | { type: 'POLYGON'; corners: readonly LatLon[] };

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const DRAFT_COLOR = '#7C3AED';
/** Below this zoom the POIs show as clustered points. */
const SHAPES_FROM_ZOOM = 9;

export function centreOf(g: MapGeometry): LatLon {
  if (g.type === 'CIRCLE') return g.center;
  const shell = g.coordinates[0] ?? [];
  const n = Math.max(1, shell.length - 1);
  let lat = 0;
  let lon = 0;
  for (const p of shell.slice(0, n)) {
    lon += p[0]!;
    lat += p[1]!;
  }
  return { lat: lat / n, lon: lon / n };
}

export function extentOf(geometries: readonly MapGeometry[]): LatLon[] {
  return geometries.flatMap((g) => ringsOf(g)[0]!.map(([lon, lat]) => ({ lat: lat!, lon: lon! })));
}

function points(pois: readonly MapPoi[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: pois.map<Feature>((p) => {
      const c = centreOf(p.geometry);
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
        properties: { id: p.id, color: p.color },
      };
    }),
  };
}

function draftFeatures(draft: DraftShape | null): FeatureCollection {
  if (!draft) return EMPTY;
  const features: Feature[] = [];
  if (draft.type === 'CIRCLE') {
    if (!draft.center) return EMPTY;
    features.push({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [circleRing(draft.center, draft.radiusM)] },
      properties: {},
    });
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [draft.center.lon, draft.center.lat] },
      properties: { i: -1 },
    });
  } else {
    const c = draft.corners.map((p) => [p.lon, p.lat]);
    if (c.length >= 3)
      features.push({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[...c, c[0]!]] },
        properties: {},
      });
    else if (c.length === 2)
      features.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: c }, properties: {} });
    c.forEach((p, i) =>
      features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: p }, properties: { i } }),
    );
  }
  return { type: 'FeatureCollection', features };
}

export interface PoiMapCallbacks {
  onSelect?: (id: number) => void;
  onMapClick?: (at: LatLon) => void;
  /** A draft's corner `index` (-1: a circle's centre) dragged to `at`. */
  onDraftMove?: (index: number, at: LatLon) => void;
}

export class PoiMapEngine {
  readonly #base: BaseMap;
  #destroyed = false;
  #callbacks: PoiMapCallbacks;
  #pois: readonly MapPoi[] = [];

  constructor(options: Omit<BaseMapOptions, 'scrollZoom'>, callbacks: PoiMapCallbacks) {
    this.#base = createBaseMap({ ...options, scrollZoom: true });
    this.#callbacks = callbacks;
    const map = this.#base.map;
    drawClusterCounts(map, options.language);
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      map.addSource('poi-shapes', { type: 'geojson', data: EMPTY });
      map.addSource('poi-points', {
        type: 'geojson',
        data: EMPTY,
        cluster: true,
        clusterRadius: 40,
        clusterMaxZoom: SHAPES_FROM_ZOOM,
      });
      map.addSource('poi-draft', { type: 'geojson', data: EMPTY });
      map.addLayer({
        id: 'poi-fill',
        type: 'fill',
        source: 'poi-shapes',
        minzoom: SHAPES_FROM_ZOOM - 1,
        paint: {
          'fill-color': ['get', 'color'],
          'fill-opacity': ['case', ['get', 'selected'], 0.45, ['get', 'active'], 0.25, 0.1],
        },
      });
      map.addLayer({
        id: 'poi-outline',
        type: 'line',
        source: 'poi-shapes',
        minzoom: SHAPES_FROM_ZOOM - 1,
        paint: {
          'line-color': ['get', 'color'],
          'line-width': ['case', ['get', 'selected'], 3, 1.5],
          'line-dasharray': ['case', ['get', 'active'], ['literal', [1, 0]], ['literal', [2, 2]]],
        },
      });
      map.addLayer({
        id: 'poi-clusters',
        type: 'circle',
        source: 'poi-points',
        maxzoom: SHAPES_FROM_ZOOM,
        paint: {
          'circle-color': ['case', ['has', 'point_count'], '#455A64', ['get', 'color']],
          'circle-radius': ['case', ['has', 'point_count'], 14, 6],
          'circle-stroke-color': '#FFFFFF',
          'circle-stroke-width': 1.5,
        },
      });
      map.addLayer({
        id: 'poi-cluster-count',
        type: 'symbol',
        source: 'poi-points',
        maxzoom: SHAPES_FROM_ZOOM,
        filter: ['has', 'point_count'],
        // An image, as on the Monitor: the count in the interface's digits.
        layout: {
          'icon-image': CLUSTER_COUNT_IMAGE,
          'icon-allow-overlap': true,
          'icon-ignore-placement': true,
        },
      });
      map.addLayer({
        id: 'poi-draft-fill',
        type: 'fill',
        source: 'poi-draft',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': DRAFT_COLOR, 'fill-opacity': 0.2 },
      });
      map.addLayer({
        id: 'poi-draft-line',
        type: 'line',
        source: 'poi-draft',
        filter: ['!=', ['geometry-type'], 'Point'],
        paint: { 'line-color': DRAFT_COLOR, 'line-width': 2 },
      });
      map.addLayer({
        id: 'poi-draft-points',
        type: 'circle',
        source: 'poi-draft',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': 5,
          'circle-color': DRAFT_COLOR,
          'circle-stroke-color': '#FFFFFF',
          'circle-stroke-width': 2,
        },
      });
      // Dragging a corner of the draft (or a circle's centre) moves it; the map does not pan meanwhile.
      let dragging: number | null = null;
      let dragged = false;
      map.on('mousedown', 'poi-draft-points', (event: MapLayerMouseEvent) => {
        const index = event.features?.[0]?.properties?.['i'];
        if (typeof index !== 'number' || !this.#callbacks.onDraftMove) return;
        event.preventDefault();
        dragging = index;
        dragged = false;
        map.getCanvas().style.cursor = 'grabbing';
      });
      map.on('mousemove', (event: MapMouseEvent) => {
        if (dragging === null) return;
        dragged = true;
        this.#callbacks.onDraftMove?.(dragging, { lat: event.lngLat.lat, lon: event.lngLat.lng });
      });
      map.on('mouseup', () => {
        if (dragging === null) return;
        dragging = null;
        map.getCanvas().style.cursor = this.#callbacks.onMapClick ? 'crosshair' : '';
      });
      map.on('mouseenter', 'poi-draft-points', () => {
        if (this.#callbacks.onDraftMove && dragging === null) map.getCanvas().style.cursor = 'grab';
      });
      map.on('mouseleave', 'poi-draft-points', () => {
        if (dragging === null) map.getCanvas().style.cursor = this.#callbacks.onMapClick ? 'crosshair' : '';
      });
      map.on('click', (event: MapMouseEvent) => {
        if (dragged) {
          // The click that ends a drag adds nothing.
          dragged = false;
          return;
        }
        if (this.#callbacks.onMapClick) {
          this.#callbacks.onMapClick({ lat: event.lngLat.lat, lon: event.lngLat.lng });
          return;
        }
        const hit = map.queryRenderedFeatures(event.point, { layers: ['poi-fill', 'poi-clusters'] })[0];
        const id = hit?.properties?.['id'] as number | undefined;
        if (id !== undefined) this.#callbacks.onSelect?.(id);
        else if (hit) map.easeTo({ center: event.lngLat, zoom: map.getZoom() + 2 });
      });
    });
  }

  setCallbacks(callbacks: PoiMapCallbacks): void {
    this.#callbacks = callbacks;
    this.#base.map.getCanvas().style.cursor = callbacks.onMapClick ? 'crosshair' : '';
  }

  setPois(pois: readonly MapPoi[], selectedId: number | null): void {
    const fresh = pois !== this.#pois;
    this.#pois = pois;
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      const map = this.#base.map;
      (map.getSource('poi-shapes') as GeoJSONSource | undefined)?.setData(
        poiShapeCollection(pois, selectedId),
      );
      if (fresh) (map.getSource('poi-points') as GeoJSONSource | undefined)?.setData(points(pois));
    });
  }

  setDraft(draft: DraftShape | null): void {
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      (this.#base.map.getSource('poi-draft') as GeoJSONSource | undefined)?.setData(draftFeatures(draft));
    });
  }

  /** Frames the points (a lone point at street level). */
  frame(extent: readonly LatLon[]): void {
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      const bounds = boundsOf(extent);
      if (!bounds) return;
      const map = this.#base.map;
      if (bounds[0] === bounds[2] && bounds[1] === bounds[3])
        map.jumpTo({ center: [bounds[0], bounds[1]], zoom: 15 });
      else map.fitBounds(bounds, { padding: 32, maxZoom: 16, duration: 0 });
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
