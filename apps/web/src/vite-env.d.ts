/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Raster tile URL template of the map's base layer ({z}/{x}/{y}); empty or "none": the offline base map only. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution shown for those tiles (HTML allowed, e.g. a link). */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
