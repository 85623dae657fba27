/**
 * The Monitor's MapLibre map, outside React: one clustered GeoJSON source for every marker, updated with setData at
 * most once per second (layers are created once), plus the selection ring, the history trail and its playback
 * marker. Loaded lazily with MapLibre itself (monitor-map.tsx).
 */
import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import { createBaseMap, type BaseMap, type BaseMapOptions } from '../../../lib/map/base-map.ts';
import { FRESHNESS, FRESHNESS_COLORS } from '../model/freshness.ts';
import { ACCURACY_RADIUS, boundsOf } from '../../../lib/map/geometry.ts';
import { CLUSTER_COUNT_IMAGE, drawClusterCounts } from '../../../lib/map/cluster-count.ts';
import { poiShapeCollection, type MapPoi } from '../../../lib/map/poi-shapes.ts';
import { TRAIL_COLOR } from './trail-color.ts';
import { trailCollection, type MarkerProperties, type TrailPoint } from '../model/geo.ts';

const SELECTION_COLOR = '#0A8FDC';
/** Above this zoom nothing is clustered: flying to an item at FOCUS_ZOOM always shows its own marker. */
const CLUSTER_MAX_ZOOM = 14;
const FOCUS_ZOOM = 15;
const SET_DATA_INTERVAL_MS = 1000;

const SRC = {
  pois: 'monitor-pois',
  markers: 'monitor-markers',
  selected: 'monitor-selected',
  trail: 'monitor-trail',
  playback: 'monitor-playback',
} as const;
const LAYER = {
  poiFill: 'monitor-poi-fill',
  poiLine: 'monitor-poi-line',
  accuracy: 'monitor-accuracy',
  trailLine: 'monitor-trail-line',
  trailPoints: 'monitor-trail-points',
  clusters: 'monitor-clusters',
  clusterCount: 'monitor-cluster-count',
  markers: 'monitor-markers',
  selected: 'monitor-selected',
  playback: 'monitor-playback',
} as const;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** ['match', index, 0, live colour, 1, stale colour, …]: a freshness index → its colour. */
function freshnessColor(index: ExpressionSpecification): ExpressionSpecification {
  const pairs = FRESHNESS.slice(0, -1).flatMap((f, i) => [i, FRESHNESS_COLORS[f]]);
  return [
    'match',
    index,
    ...pairs,
    FRESHNESS_COLORS[FRESHNESS[FRESHNESS.length - 1]!],
  ] as unknown as ExpressionSpecification;
}

export interface MonitorMapEngineOptions extends Omit<BaseMapOptions, 'controls'> {
  onSelect: (msisdnId: number) => void;
  /** A click on a POI of the POI layer (not on a marker above it). */
  onPoiClick?: (poiId: number) => void;
}

export class MonitorMapEngine {
  readonly #base: BaseMap;
  #pending: FeatureCollection<Point, MarkerProperties> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSetAt = 0;
  #fitted = false;
  #destroyed = false;
  readonly #rtl: boolean;
  /** Width covered by an overlay on the map's end side (the details panel): cameras keep clear of it. */
  #endInset = 0;
  #pois: FeatureCollection = EMPTY;
  #poisVisible = true;

  constructor(options: MonitorMapEngineOptions) {
    this.#rtl = options.rtl;
    this.#base = createBaseMap({ ...options, controls: true });
    const map = this.#base.map;
    drawClusterCounts(map, options.language);
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      this.#addLayers();
      map.on('click', LAYER.markers, (e: MapLayerMouseEvent) => {
        const id = e.features?.[0]?.properties?.['m'];
        if (typeof id === 'number') options.onSelect(id);
      });
      map.on('click', LAYER.clusters, (e: MapLayerMouseEvent) => void this.#expandCluster(e));
      map.on('click', LAYER.poiFill, (e: MapLayerMouseEvent) => {
        const onMarker =
          map.queryRenderedFeatures(e.point, { layers: [LAYER.markers, LAYER.clusters] }).length > 0;
        const id = e.features?.[0]?.properties?.['id'];
        if (!onMarker && typeof id === 'number') options.onPoiClick?.(id);
      });
      for (const layer of [LAYER.markers, LAYER.clusters]) {
        map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
        map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
      }
      this.#flush();
    });
  }

  get map() {
    return this.#base.map;
  }

  #addLayers(): void {
    const map = this.#base.map;
    // The POI layer first: below every marker.
    map.addSource(SRC.pois, { type: 'geojson', data: this.#pois });
    map.addLayer({
      id: LAYER.poiFill,
      type: 'fill',
      source: SRC.pois,
      layout: { visibility: this.#poisVisible ? 'visible' : 'none' },
      paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['case', ['get', 'active'], 0.18, 0.06] },
    });
    map.addLayer({
      id: LAYER.poiLine,
      type: 'line',
      source: SRC.pois,
      layout: { visibility: this.#poisVisible ? 'visible' : 'none' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 1.5, 'line-opacity': 0.9 },
    });
    map.addSource(SRC.markers, {
      type: 'geojson',
      data: EMPTY,
      cluster: true,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterRadius: 48,
      clusterProperties: { fmin: ['min', ['get', 'f']] },
    });
    map.addSource(SRC.trail, { type: 'geojson', data: EMPTY });
    map.addSource(SRC.selected, { type: 'geojson', data: EMPTY });
    map.addSource(SRC.playback, { type: 'geojson', data: EMPTY });
    const unclustered: ExpressionSpecification = ['!', ['has', 'point_count']];
    map.addLayer({
      id: LAYER.accuracy,
      type: 'circle',
      source: SRC.markers,
      minzoom: 10,
      filter: ['all', unclustered, ['>', ['get', 'r0'], 0]],
      paint: {
        'circle-radius': ACCURACY_RADIUS as unknown as ExpressionSpecification,
        'circle-color': freshnessColor(['get', 'f']),
        'circle-opacity': 0.12,
        'circle-stroke-color': freshnessColor(['get', 'f']),
        'circle-stroke-width': 1,
        'circle-stroke-opacity': 0.45,
        'circle-pitch-alignment': 'map',
      },
    });
    map.addLayer({
      id: LAYER.trailLine,
      type: 'line',
      source: SRC.trail,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': TRAIL_COLOR, 'line-width': 3, 'line-opacity': 0.85 },
    });
    map.addLayer({
      id: LAYER.trailPoints,
      type: 'circle',
      source: SRC.trail,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': ['case', ['get', 'last'], 5, 3.5],
        'circle-color': TRAIL_COLOR,
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 1,
      },
    });
    map.addLayer({
      id: LAYER.clusters,
      type: 'circle',
      source: SRC.markers,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': freshnessColor(['get', 'fmin']),
        'circle-radius': ['step', ['get', 'point_count'], 15, 25, 19, 250, 24, 2500, 30],
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 2,
        'circle-stroke-opacity': 0.9,
      },
    });
    map.addLayer({
      id: LAYER.clusterCount,
      type: 'symbol',
      source: SRC.markers,
      filter: ['has', 'point_count'],
      layout: {
        'icon-image': CLUSTER_COUNT_IMAGE,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    map.addLayer({
      id: LAYER.markers,
      type: 'circle',
      source: SRC.markers,
      filter: unclustered,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 5, 14, 7.5],
        'circle-color': freshnessColor(['get', 'f']),
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: LAYER.selected,
      type: 'circle',
      source: SRC.selected,
      paint: {
        'circle-radius': 13,
        'circle-color': 'rgba(0,0,0,0)',
        'circle-stroke-color': SELECTION_COLOR,
        'circle-stroke-width': 3,
      },
    });
    map.addLayer({
      id: LAYER.playback,
      type: 'circle',
      source: SRC.playback,
      paint: {
        'circle-radius': 8,
        'circle-color': TRAIL_COLOR,
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 3,
      },
    });
  }

  async #expandCluster(e: MapLayerMouseEvent): Promise<void> {
    const feature = e.features?.[0];
    const clusterId = feature?.properties?.['cluster_id'];
    if (!feature || typeof clusterId !== 'number' || feature.geometry.type !== 'Point') return;
    const source = this.#base.map.getSource(SRC.markers) as GeoJSONSource | undefined;
    const zoom = await source?.getClusterExpansionZoom(clusterId);
    if (zoom === undefined || this.#destroyed) return;
    this.#base.map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: zoom + 0.2 });
  }

  #source(id: string): GeoJSONSource | undefined {
    return this.#destroyed ? undefined : (this.#base.map.getSource(id) as GeoJSONSource | undefined);
  }

  /** New marker data; applied at once if the last update is a second old, else at the end of that second. */
  setMarkers(data: FeatureCollection<Point, MarkerProperties>): void {
    this.#pending = data;
    if (this.#timer) return;
    const wait = SET_DATA_INTERVAL_MS - (Date.now() - this.#lastSetAt);
    if (wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#timer = undefined;
    const data = this.#pending;
    const source = this.#source(SRC.markers);
    if (!data || !source) return;
    this.#pending = undefined;
    this.#lastSetAt = Date.now();
    void source.setData(data);
    if (!this.#fitted && data.features.length > 0) {
      this.#fitted = true;
      const bounds = boundsOf(
        data.features.map((f) => ({ lon: f.geometry.coordinates[0]!, lat: f.geometry.coordinates[1]! })),
      );
      if (bounds) this.#base.map.fitBounds(bounds, { padding: 60, maxZoom: 12, duration: 0 });
    }
  }

  /** The view was restored from a previous map: do not jump to the data's bounds. */
  keepView(): void {
    this.#fitted = true;
  }

  setSelected(point: TrailPoint | null): void {
    void this.#base.ready.then(() =>
      this.#source(SRC.selected)?.setData(
        point
          ? {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
              properties: {},
            }
          : EMPTY,
      ),
    );
  }

  setEndInset(pixels: number): void {
    this.#endInset = pixels;
  }

  #padding(base: number) {
    const end = base + this.#endInset;
    return { top: base, bottom: base, left: this.#rtl ? end : base, right: this.#rtl ? base : end };
  }

  flyTo(point: TrailPoint): void {
    if (this.#destroyed) return;
    const map = this.#base.map;
    // The container may have just changed size (on a phone the details open under the map), which MapLibre only
    // notices on its next frame: measured now, the fly ends in the middle of the map as it is now.
    map.resize();
    const shift = (this.#rtl ? 1 : -1) * (this.#endInset / 2);
    map.flyTo({
      center: [point.lon, point.lat],
      zoom: Math.max(map.getZoom(), FOCUS_ZOOM),
      offset: [shift, 0],
      duration: 1200,
      essential: true,
    });
  }

  /** Draws a history (oldest first) and frames it; null removes it. */
  setTrail(points: readonly TrailPoint[] | null): void {
    void this.#base.ready.then(() => {
      this.#source(SRC.trail)?.setData(points ? trailCollection(points) : EMPTY);
      const bounds = points && points.length > 0 ? boundsOf(points) : undefined;
      if (bounds && !this.#destroyed)
        this.#base.map.fitBounds(bounds, { padding: this.#padding(60), maxZoom: 15, duration: 800 });
    });
  }

  setPlayback(point: TrailPoint | null): void {
    void this.#base.ready.then(() =>
      this.#source(SRC.playback)?.setData(
        point
          ? {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
              properties: {},
            }
          : EMPTY,
      ),
    );
  }

  /** The POI layer: shapes to scale in their category colours, under the markers; hidden or shown. */
  setPois(pois: readonly MapPoi[], visible: boolean): void {
    this.#pois = poiShapeCollection(pois);
    this.#poisVisible = visible;
    void this.#base.ready.then(() => {
      if (this.#destroyed) return;
      const map = this.#base.map;
      (map.getSource(SRC.pois) as GeoJSONSource | undefined)?.setData(this.#pois);
      for (const layer of [LAYER.poiFill, LAYER.poiLine])
        if (map.getLayer(layer)) map.setLayoutProperty(layer, 'visibility', visible ? 'visible' : 'none');
    });
  }

  setDark(dark: boolean): void {
    this.#base.setDark(dark);
  }

  camera(): { center: [number, number]; zoom: number } {
    const c = this.#base.map.getCenter();
    return { center: [c.lng, c.lat], zoom: this.#base.map.getZoom() };
  }

  resize(): void {
    if (!this.#destroyed) this.#base.map.resize();
  }

  destroy(): void {
    this.#destroyed = true;
    clearTimeout(this.#timer);
    this.#base.destroy();
  }
}
