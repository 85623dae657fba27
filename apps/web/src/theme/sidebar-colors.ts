/**
 * Sidebar colour sets selectable in the settings panel. Each reaches WCAG AA 4.5:1 for its entries (plain, hovered
 * and selected), also over a background image of any brightness (the overlay is dense enough); contrast.test.ts
 * holds it.
 */
export const SIDEBAR_COLOR_SETS = ['dark', 'light', 'ocean', 'midnight', 'forest'] as const;
export type SidebarColorSet = (typeof SIDEBAR_COLOR_SETS)[number];

export interface SidebarColors {
  background: string;
  /** Same colour with transparency, laid over a background image so text stays readable. */
  overlay: string;
  text: string;
  hover: string;
  selectedBackground: string;
  selectedText: string;
  divider: string;
}

export const SIDEBAR_COLORS: Record<SidebarColorSet, SidebarColors> = {
  dark: {
    background: '#313541',
    overlay: 'rgba(49, 53, 65, 0.85)',
    text: 'rgba(255, 255, 255, 0.82)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selectedBackground: '#F4F7FE',
    selectedText: 'rgba(0, 0, 0, 0.87)',
    divider: 'rgba(255, 255, 255, 0.1)',
  },
  light: {
    background: '#FFFFFF',
    overlay: 'rgba(255, 255, 255, 0.9)',
    text: 'rgba(0, 0, 0, 0.74)',
    hover: 'rgba(10, 143, 220, 0.06)',
    selectedBackground: 'rgba(10, 143, 220, 0.12)',
    selectedText: '#075C8D',
    divider: 'rgba(0, 0, 0, 0.08)',
  },
  ocean: {
    background: '#075A8A',
    overlay: 'rgba(7, 90, 138, 0.92)',
    text: 'rgba(255, 255, 255, 0.9)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selectedBackground: '#FFFFFF',
    selectedText: '#075C8D',
    divider: 'rgba(255, 255, 255, 0.16)',
  },
  midnight: {
    background: '#111827',
    overlay: 'rgba(17, 24, 39, 0.85)',
    text: '#CBD5E1',
    hover: 'rgba(255, 255, 255, 0.06)',
    // The brand blue #0A8FDC darkened (white text on the brand blue itself is 3.5:1).
    selectedBackground: '#076BA5',
    selectedText: '#FFFFFF',
    divider: 'rgba(255, 255, 255, 0.08)',
  },
  forest: {
    background: '#1F4D3A',
    overlay: 'rgba(31, 77, 58, 0.9)',
    text: 'rgba(255, 255, 255, 0.92)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selectedBackground: 'rgba(255, 255, 255, 0.18)',
    selectedText: '#FFFFFF',
    divider: 'rgba(255, 255, 255, 0.12)',
  },
};
