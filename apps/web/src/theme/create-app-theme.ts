import { arSA, enUS, esES, frFR, itIT, zhCN, type Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import {
  BASE_FONT_SIZE,
  CARD_RADIUS,
  CARD_RADIUS_MODERN,
  PRIMARY_COLOR,
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

/** The template's look: primary #0A8FDC, secondary #F04F47, base font 14, cards 16 (modern 30). */
export function createAppTheme({ mode, direction, modern, locale }: AppThemeOptions): Theme {
  const dark = mode === 'dark';
  const radius = cardRadius(modern);
  return createTheme(
    {
      direction,
      palette: {
        mode,
        primary: { main: PRIMARY_COLOR, contrastText: '#FFFFFF' },
        secondary: { main: SECONDARY_COLOR, contrastText: '#FFFFFF' },
        background: dark
          ? { default: '#1B202B', paper: '#262C3A' }
          : { default: '#F4F7FE', paper: '#FFFFFF' },
        text: dark
          ? { primary: 'rgba(255, 255, 255, 0.92)', secondary: 'rgba(255, 255, 255, 0.64)' }
          : { primary: 'rgb(17, 24, 39)', secondary: 'rgb(107, 114, 128)' },
        divider: dark ? 'rgba(255, 255, 255, 0.1)' : 'rgba(17, 24, 39, 0.08)',
      },
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
          styleOverrides: { body: { fontSize: BASE_FONT_SIZE, lineHeight: 1.5 } },
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
        MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    MUI_LOCALES[locale] ?? enUS,
  );
}
