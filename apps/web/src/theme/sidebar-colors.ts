/** Sidebar colour sets selectable in the settings panel. */
export const SIDEBAR_COLOR_SETS = ['dark', 'light', 'ocean', 'midnight', 'forest'] as const;
export type SidebarColorSet = (typeof SIDEBAR_COLOR_SETS)[number];

export interface SidebarColors {
  background: string;
  /** Same colour with transparency, laid over a background image so text stays readable. */
  overlay: string;
  text: string;
  muted: string;
  hover: string;
  selectedBackground: string;
  selectedText: string;
  divider: string;
}

export const SIDEBAR_COLORS: Record<SidebarColorSet, SidebarColors> = {
  dark: {
    background: '#313541',
    overlay: 'rgba(49, 53, 65, 0.7)',
    text: 'rgba(255, 255, 255, 0.82)',
    muted: 'rgba(255, 255, 255, 0.55)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selectedBackground: '#F4F7FE',
    selectedText: 'rgba(0, 0, 0, 0.87)',
    divider: 'rgba(255, 255, 255, 0.1)',
  },
  light: {
    background: '#FFFFFF',
    overlay: 'rgba(255, 255, 255, 0.8)',
    text: 'rgba(0, 0, 0, 0.74)',
    muted: 'rgba(0, 0, 0, 0.5)',
    hover: 'rgba(10, 143, 220, 0.06)',
    selectedBackground: 'rgba(10, 143, 220, 0.12)',
    selectedText: '#0770AD',
    divider: 'rgba(0, 0, 0, 0.08)',
  },
  ocean: {
    background: '#0A6EA8',
    overlay: 'rgba(10, 110, 168, 0.7)',
    text: 'rgba(255, 255, 255, 0.9)',
    muted: 'rgba(255, 255, 255, 0.62)',
    hover: 'rgba(255, 255, 255, 0.1)',
    selectedBackground: '#FFFFFF',
    selectedText: '#075C8D',
    divider: 'rgba(255, 255, 255, 0.16)',
  },
  midnight: {
    background: '#111827',
    overlay: 'rgba(17, 24, 39, 0.72)',
    text: '#CBD5E1',
    muted: '#94A3B8',
    hover: 'rgba(255, 255, 255, 0.06)',
    selectedBackground: '#0A8FDC',
    selectedText: '#FFFFFF',
    divider: 'rgba(255, 255, 255, 0.08)',
  },
  forest: {
    background: '#1F4D3A',
    overlay: 'rgba(31, 77, 58, 0.7)',
    text: 'rgba(255, 255, 255, 0.88)',
    muted: 'rgba(255, 255, 255, 0.6)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selectedBackground: 'rgba(255, 255, 255, 0.18)',
    selectedText: '#FFFFFF',
    divider: 'rgba(255, 255, 255, 0.12)',
  },
};
