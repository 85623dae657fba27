/** OpenStreetMap's standard raster tiles (usage policy: https://operations.osmfoundation.org/policies/tiles/). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors';

export interface TileConfig {
  /** Raster tile URL template, or null for the offline base map alone. */
  url: string | null;
  attribution: string;
}

/**
 * The raster base layer, fixed at build time: VITE_MAP_TILE_URL (unset → OpenStreetMap; empty or "none" → no
 * raster layer, only the bundled world map) and VITE_MAP_TILE_ATTRIBUTION.
 */
export function tileConfig(
  env: {
    VITE_MAP_TILE_URL?: string | undefined;
    VITE_MAP_TILE_ATTRIBUTION?: string | undefined;
  } = import.meta.env,
): TileConfig {
  const raw = env.VITE_MAP_TILE_URL;
  if (raw === undefined)
    return { url: OSM_TILE_URL, attribution: env.VITE_MAP_TILE_ATTRIBUTION || OSM_ATTRIBUTION };
  const url = raw.trim();
  if (url === '' || url.toLowerCase() === 'none') return { url: null, attribution: '' };
  return { url, attribution: env.VITE_MAP_TILE_ATTRIBUTION ?? '' };
}
