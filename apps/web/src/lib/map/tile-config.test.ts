import { describe, expect, it } from 'vitest';
import { OSM_ATTRIBUTION, OSM_TILE_URL, tileConfig } from './tile-config.ts';

describe('tileConfig', () => {
  it('uses OpenStreetMap with its attribution when VITE_MAP_TILE_URL is not set', () => {
    expect(tileConfig({})).toEqual({ url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION });
    expect(OSM_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(OSM_ATTRIBUTION).toContain('OpenStreetMap</a> contributors');
  });

  it('takes another tile server with its own attribution', () => {
    expect(
      tileConfig({
        VITE_MAP_TILE_URL: ' https://tiles.example.net/{z}/{x}/{y}.png ',
        VITE_MAP_TILE_ATTRIBUTION: '© Example',
      }),
    ).toEqual({
      url: 'https://tiles.example.net/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('has no raster layer at all for an empty value or "none" (the bundled world map only)', () => {
    expect(tileConfig({ VITE_MAP_TILE_URL: '' }).url).toBeNull();
    expect(tileConfig({ VITE_MAP_TILE_URL: 'none' }).url).toBeNull();
  });
});
