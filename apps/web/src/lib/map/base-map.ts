/**
 * A MapLibre map on the portal's base map: the bundled world (land, coastline, country borders) under a raster
 * tile layer (OpenStreetMap unless VITE_MAP_TILE_URL says otherwise). Without internet the tiles fail, the raster
 * layer is switched off and the bundled world carries the map. Imported only by lazily loaded modules: MapLibre
 * (about 1 MB) is paid for by the pages that show a map.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type ControlPosition,
  type ErrorEvent,
  type GeoJSONSource,
  type LngLatLike,
  type MapSourceDataEvent,
  type StyleSpecification,
} from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { LocalizedScaleControl } from './scale-control.ts';
import { tileConfig } from './tile-config.ts';
import { loadWorldBoundaries } from './world.ts';

// MapLibre finds its worker next to its own file, which a bundle does not keep: point it at the emitted copy.
setWorkerUrl(workerUrl);

export const BASE_LAYERS = {
  background: 'base-water',
  land: 'base-land',
  coast: 'base-coast',
  borders: 'base-borders',
  raster: 'base-raster',
} as const;
const RASTER_SOURCE = 'base-raster';
const LAND_SOURCE = 'base-land';
const BORDER_SOURCE = 'base-borders';

export interface BasePalette {
  water: string;
  land: string;
  coast: string;
  border: string;
}

export const BASE_PALETTES: Record<'light' | 'dark', BasePalette> = {
  light: { water: '#CFE2F1', land: '#F3F0E8', coast: '#9DBAD3', border: '#B7AE9C' },
  dark: { water: '#142033', land: '#26324A', coast: '#3B5577', border: '#55647E' },
};

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function baseStyle(dark: boolean): StyleSpecification {
  const palette = BASE_PALETTES[dark ? 'dark' : 'light'];
  const tiles = tileConfig();
  return {
    version: 8,
    sources: {
      [LAND_SOURCE]: { type: 'geojson', data: EMPTY, attribution: 'Natural Earth' },
      [BORDER_SOURCE]: { type: 'geojson', data: EMPTY },
      ...(tiles.url
        ? {
            [RASTER_SOURCE]: {
              type: 'raster' as const,
              tiles: [tiles.url],
              tileSize: 256,
              maxzoom: 19,
              attribution: tiles.attribution,
            },
          }
        : {}),
    },
    layers: [
      { id: BASE_LAYERS.background, type: 'background', paint: { 'background-color': palette.water } },
      { id: BASE_LAYERS.land, type: 'fill', source: LAND_SOURCE, paint: { 'fill-color': palette.land } },
      {
        id: BASE_LAYERS.coast,
        type: 'line',
        source: LAND_SOURCE,
        paint: { 'line-color': palette.coast, 'line-width': 1 },
      },
      {
        id: BASE_LAYERS.borders,
        type: 'line',
        source: BORDER_SOURCE,
        paint: {
          'line-color': palette.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      ...(tiles.url
        ? [
            {
              id: BASE_LAYERS.raster,
              type: 'raster' as const,
              source: RASTER_SOURCE,
              paint: rasterPaint(dark),
            },
          ]
        : []),
    ],
  };
}

function rasterPaint(dark: boolean) {
  // Dimmed and desaturated in dark mode so the light tiles do not glare next to the dark interface.
  return dark
    ? { 'raster-brightness-max': 0.72, 'raster-saturation': -0.45, 'raster-contrast': 0.05 }
    : { 'raster-brightness-max': 1, 'raster-saturation': 0, 'raster-contrast': 0 };
}

export type BaseMapState = 'tiles' | 'offline';

export interface BaseMapOptions {
  container: HTMLElement;
  dark: boolean;
  rtl: boolean;
  /** MapLibre's UI strings (control titles) in the interface language. */
  locale: Record<string, string>;
  /** The interface language (i18n.language): the scale bar's digits and units. */
  language: string;
  center?: LngLatLike;
  zoom?: number;
  /** Zoom buttons and scale bar (off for a small inline map). */
  controls?: boolean;
  /** Zoom with the mouse wheel (off for a map inside a scrolling page). */
  scrollZoom?: boolean;
  /** Keep the drawing buffer so the canvas can be read back (screenshots in tests). */
  preserveDrawingBuffer?: boolean;
  /** The raster tiles loaded, or failed and were switched off. */
  onBaseMapState?: (state: BaseMapState) => void;
}

export interface BaseMap {
  map: MapLibreMap;
  /** Resolves once the style is loaded (layers can be added). */
  ready: Promise<void>;
  setDark(dark: boolean): void;
  destroy(): void;
}

/** Raster errors without a single loaded tile after which the layer is switched off (offline). */
const RASTER_ERRORS_BEFORE_OFFLINE = 2;
/** No raster tile at all after this long: offline too (requests that hang instead of failing). */
const RASTER_TIMEOUT_MS = 12_000;

export function createBaseMap(options: BaseMapOptions): BaseMap {
  const { container, rtl, locale, language, controls = true } = options;
  let dark = options.dark;
  const map = new MapLibreMap({
    container,
    style: baseStyle(dark),
    center: options.center ?? [20, 20],
    zoom: options.zoom ?? 1.5,
    locale,
    attributionControl: false,
    // Raster tiles then load through <img> (CSP img-src), not fetch() (connect-src is the portal's own origin).
    refreshExpiredTiles: false,
    renderWorldCopies: true,
    // No cross-fade of symbols (the cluster counts) after each data update: fewer frames to draw.
    fadeDuration: 0,
    scrollZoom: options.scrollZoom ?? true,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    canvasContextAttributes: {
      antialias: true,
      preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
    },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();

  const bottomStart: ControlPosition = rtl ? 'bottom-right' : 'bottom-left';
  const bottomEnd: ControlPosition = rtl ? 'bottom-left' : 'bottom-right';
  // Bottom corners only: the top ones are left to the page's own overlays (legend, details).
  map.addControl(new AttributionControl({ compact: true }), bottomEnd);
  if (controls) {
    map.addControl(new LocalizedScaleControl({ language, rtl, maxWidth: 120 }), bottomStart);
    map.addControl(new NavigationControl({ showCompass: false }), bottomStart);
  }

  let state: BaseMapState | undefined;
  const report = (next: BaseMapState) => {
    if (state === next) return;
    state = next;
    options.onBaseMapState?.(next);
  };
  let rasterErrors = 0;
  let rasterLoaded = false;
  const goOffline = () => {
    if (rasterLoaded || !map.getLayer(BASE_LAYERS.raster)) return;
    map.setLayoutProperty(BASE_LAYERS.raster, 'visibility', 'none');
    report('offline');
  };
  const onError = (event: ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId !== RASTER_SOURCE) {
      console.warn('Map error', event.error);
      return;
    }
    rasterErrors++;
    if (!rasterLoaded && rasterErrors >= RASTER_ERRORS_BEFORE_OFFLINE) goOffline();
  };
  const onSourceData = (event: MapSourceDataEvent) => {
    if (event.sourceId !== RASTER_SOURCE || rasterLoaded || !event.tile || event.tile.state !== 'loaded')
      return;
    rasterLoaded = true;
    report('tiles');
  };
  map.on('error', onError);
  map.on('sourcedata', onSourceData);
  const rasterTimer = setTimeout(goOffline, RASTER_TIMEOUT_MS);

  const ready = new Promise<void>((resolve) => {
    if (map.isStyleLoaded()) resolve();
    else map.once('load', () => resolve());
  });
  void ready.then(() => {
    if (!map.getSource(RASTER_SOURCE)) report('offline');
  });

  // The bundled world arrives a moment later than the style; the map is usable meanwhile.
  void loadWorldBoundaries().then(
    (world) =>
      ready.then(() => {
        (map.getSource(LAND_SOURCE) as GeoJSONSource | undefined)?.setData(world.land);
        (map.getSource(BORDER_SOURCE) as GeoJSONSource | undefined)?.setData({
          type: 'Feature',
          geometry: world.borders,
          properties: {},
        });
      }),
    (error: unknown) => console.warn('The offline world map could not be loaded', error),
  );

  return {
    map,
    ready,
    setDark(next) {
      if (next === dark) return;
      dark = next;
      const palette = BASE_PALETTES[dark ? 'dark' : 'light'];
      void ready.then(() => {
        map.setPaintProperty(BASE_LAYERS.background, 'background-color', palette.water);
        map.setPaintProperty(BASE_LAYERS.land, 'fill-color', palette.land);
        map.setPaintProperty(BASE_LAYERS.coast, 'line-color', palette.coast);
        map.setPaintProperty(BASE_LAYERS.borders, 'line-color', palette.border);
        if (map.getLayer(BASE_LAYERS.raster)) {
          const paint = rasterPaint(dark);
          map.setPaintProperty(BASE_LAYERS.raster, 'raster-brightness-max', paint['raster-brightness-max']);
          map.setPaintProperty(BASE_LAYERS.raster, 'raster-saturation', paint['raster-saturation']);
          map.setPaintProperty(BASE_LAYERS.raster, 'raster-contrast', paint['raster-contrast']);
        }
      });
    },
    destroy() {
      clearTimeout(rasterTimer);
      map.off('error', onError);
      map.off('sourcedata', onSourceData);
      map.remove();
    },
  };
}
