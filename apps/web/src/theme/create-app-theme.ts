import { arSA, enUS, esES, frFR, itIT, zhCN, type Localization } from '@mui/material/locale';
import { createTheme, darken, lighten, type PaletteOptions, type Theme } from '@mui/material/styles';
import {
  BASE_FONT_SIZE,
  CARD_RADIUS,
  CARD_RADIUS_MODERN,
  PRIMARY_COLOR,
  PRIMARY_TEXT_COLOR,
  SECONDARY_COLOR,
} from '@lbs/contracts';

export interface AppThemeOptions {
  mode: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  modern: boolean;
  locale: string;
}

const LATIN = ['"Inter"', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', '"Noto Sans"', 'Arial', 'sans-serif'];
const ARABIC = ['"Noto Sans Arabic"', '"Segoe UI"', 'Tahoma', ...LATIN];
const CHINESE = ['"PingFang SC"', '"Microsoft YaHei"', '"Noto Sans CJK SC"', '"Noto Sans SC"', ...LATIN];

function fontFamily(locale: string): string {
  if (locale.startsWith('ar')) return ARABIC.join(',');
  if (locale.startsWith('zh')) return CHINESE.join(',');
  return LATIN.join(',');
}

/** MUI's own component texts (e.g. an Alert's close button) in the interface language. */
const MUI_LOCALES: Record<string, Localization> = {
  'en-US': enUS,
  'zh-Hans-CN': zhCN,
  'ar-SA': arSA,
  'it-IT': itIT,
  es: esES,
  'fr-FR': frFR,
};

export function cardRadius(modern: boolean): number {
  return modern ? CARD_RADIUS_MODERN : CARD_RADIUS;
}

/**
 * WCAG 2.2 AA (1.4.3, 1.4.11): every palette colour is used by MUI as text on the page and as a fill under its
 * contrastText, so each `main` reaches 4.5:1 against both backgrounds (and against its own selected tint), and
 * contrastText is picked at 4.5:1. The SPEC's brand colours (#0A8FDC 3.51:1 and #F04F47 3.31:1 against white)
 * cannot carry text: they stay the brand's accents (logo, sidebar marks, maps, the framed layout, focus rings), while
 * the palette uses them darkened (light mode) or lightened (dark mode) — same hue. The unit test holds the ratios.
 */
export const CONTRAST_THRESHOLD = 4.5;

/** The brand colours shaded to carry text: darkened on the light theme, lightened on the dark one. */
export const BRAND_TEXT = {
  light: { primary: PRIMARY_TEXT_COLOR, secondary: darken(SECONDARY_COLOR, 0.25) },
  dark: { primary: lighten(PRIMARY_COLOR, 0.35), secondary: lighten(SECONDARY_COLOR, 0.35) },
} as const;

/** The palette colours of a mode; exported for the contrast test. */
export function appPalette(mode: 'light' | 'dark'): PaletteOptions {
  const dark = mode === 'dark';
  return {
    mode,
    contrastThreshold: CONTRAST_THRESHOLD,
    // `dark` is a hovered fill: on the dark theme's light colours a small step keeps the dark text readable on it.
    tonalOffset: dark ? 0.08 : 0.2,
    primary: { main: BRAND_TEXT[mode].primary },
    secondary: { main: BRAND_TEXT[mode].secondary },
    // MUI's defaults (#ED6C02 warning 3.1:1, #0288D1 info 3.9:1 on white; #F44336 error 3.8:1 on dark paper),
    // shaded until their text and their filled chips pass.
    error: { main: dark ? lighten('#F44336', 0.4) : darken('#D32F2F', 0.1) },
    warning: { main: dark ? '#FFA726' : darken('#ED6C02', 0.3) },
    info: { main: dark ? lighten('#29B6F6', 0.1) : darken('#0288D1', 0.2) },
    success: { main: dark ? lighten('#66BB6A', 0.1) : darken('#2E7D32', 0.1) },
    background: dark ? { default: '#1B202B', paper: '#262C3A' } : { default: '#F4F7FE', paper: '#FFFFFF' },
    text: dark
      ? { primary: 'rgba(255, 255, 255, 0.92)', secondary: 'rgba(255, 255, 255, 0.68)' }
      : { primary: 'rgb(17, 24, 39)', secondary: 'rgb(92, 99, 112)' },
    divider: dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(17, 24, 39, 0.08)',
  };
}

/** The template's look: brand #0A8FDC / #F04F47 (see appPalette), base font 14, cards 16 (modern 30). */
export function createAppTheme({ mode, direction, modern, locale }: AppThemeOptions): Theme {
  const dark = mode === 'dark';
  const radius = cardRadius(modern);
  // WCAG 2.4.7: a keyboard focus ring on every control (MUI's own is a faint ripple); 3:1 against the page.
  const focusRing = {
    outline: `2px solid ${BRAND_TEXT[mode].primary}`,
    outlineOffset: 2,
  };
  return createTheme(
    {
      direction,
      palette: appPalette(mode),
      shape: { borderRadius: 8 },
      typography: {
        fontSize: BASE_FONT_SIZE,
        htmlFontSize: 16,
        fontFamily: fontFamily(locale),
        h1: { fontSize: 22, fontWeight: 600 },
        h2: { fontSize: 20, fontWeight: 600 },
        h3: { fontSize: 18, fontWeight: 600 },
        h4: { fontSize: 16, fontWeight: 600 },
        h5: { fontSize: 14, fontWeight: 600 },
        h6: { fontSize: 14, fontWeight: 600 },
        body1: { fontSize: 14 },
        body2: { fontSize: 13 },
        button: { textTransform: 'none', fontWeight: 500 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            body: { fontSize: BASE_FONT_SIZE, lineHeight: 1.5 },
            // MapLibre's attribution tells its links from the text around them by a lighter grey only (2:1, under
            // the 3:1 of WCAG 1.4.1): here they are underlined, in the text's own colour.
            '.maplibregl-map .maplibregl-ctrl-attrib a': { color: 'inherit', textDecoration: 'underline' },
            // A grid cell's text takes its own direction: a Latin name in the Arabic interface starts at its start and
            // is cut at its end (it lost its beginning), a number keeps its + in front.
            '.MuiDataGrid-cell': { unicodeBidi: 'plaintext' },
          },
        },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: {
            root: {
              borderRadius: radius,
              boxShadow: dark
                ? '0 10px 15px -3px rgba(0, 0, 0, 0.35)'
                : '0px 10px 10px 4px rgba(0, 0, 0, 0.04)',
            },
          },
        },
        MuiButtonBase: {
          styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
        },
        // Inside lists and menus the ring is drawn inside the item, where the list's edge cannot clip it.
        MuiListItemButton: {
          styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } } },
        },
        MuiMenuItem: {
          styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } } },
        },
        MuiTab: {
          styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -2 } } },
        },
        MuiLink: {
          styleOverrides: { root: { '&:focus-visible': { ...focusRing, borderRadius: 2 } } },
        },
        MuiButton: {
          styleOverrides: { root: { borderRadius: modern ? 30 : 8, boxShadow: 'none', paddingInline: 20 } },
        },
        MuiDialog: {
          styleOverrides: {
            paper: ({ theme }) => ({
              borderRadius: radius,
              // A phone: every dialog nearly the screen's width (MUI keeps 32 px margins on each side).
              [theme.breakpoints.down('sm')]: {
                margin: 12,
                maxHeight: 'calc(100% - 24px)',
                '&.MuiDialog-paperFullWidth': { width: 'calc(100% - 24px)' },
                '&.MuiDialog-paperWidthXs, &.MuiDialog-paperWidthSm, &.MuiDialog-paperWidthMd, &.MuiDialog-paperWidthLg':
                  { maxWidth: 'calc(100% - 24px)' },
              },
            }),
          },
        },
        MuiDialogTitle: { styleOverrides: { root: { fontSize: 18, fontWeight: 600 } } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        // Unpressed toggle text: MUI's action.active (54 % black) is 4.49:1 on the page background; text.secondary passes.
        MuiToggleButton: {
          styleOverrides: {
            root: ({ theme }) => ({ textTransform: 'none', color: theme.palette.text.secondary }),
          },
        },
        // A disabled field's helper text still informs (e.g. why it cannot change): readable, not text.disabled.
        MuiFormHelperText: {
          styleOverrides: {
            root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
          },
        },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    MUI_LOCALES[locale] ?? enUS,
  );
}
