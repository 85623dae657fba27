import aurora from '../assets/sidebar/aurora.svg';
import dunes from '../assets/sidebar/dunes.svg';
import grid from '../assets/sidebar/grid.svg';
import waves from '../assets/sidebar/waves.svg';

/** Sidebar background images shipped with the app (SVG, no external URLs). */
export const SIDEBAR_IMAGES = ['waves', 'aurora', 'grid', 'dunes'] as const;
export type SidebarImageId = (typeof SIDEBAR_IMAGES)[number];

export const SIDEBAR_IMAGE_URLS: Record<SidebarImageId, string> = { waves, aurora, grid, dunes };
