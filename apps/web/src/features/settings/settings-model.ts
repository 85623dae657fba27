import { DEFAULT_LOCALE, LOCALE_CODES, matchLocale, type LocaleCode } from '@lbs/contracts';
import { SIDEBAR_COLOR_SETS } from '../../theme/sidebar-colors.ts';
import { SIDEBAR_IMAGES } from '../../theme/sidebar-images.ts';

/** Client-held settings (SPEC §3), defaults from SPEC §9: full-width layout, fixed header. */
export const THEME_STYLES = ['standard', 'modern'] as const;
export const THEME_MODES = ['light', 'dark'] as const;
export const LAYOUT_TYPES = ['full-width', 'boxed', 'framed'] as const;
export const HEADER_TYPES = ['fixed', 'fluid'] as const;
export const FOOTER_TYPES = ['fluid', 'fixed'] as const;
export const MENU_STYLES = ['default', 'standard', 'rounded', 'rounded-reverse', 'curved'] as const;
export { SIDEBAR_COLOR_SETS, SIDEBAR_IMAGES };

export type ThemeStyle = (typeof THEME_STYLES)[number];
export type ThemeMode = (typeof THEME_MODES)[number];
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type HeaderType = (typeof HEADER_TYPES)[number];
export type FooterType = (typeof FOOTER_TYPES)[number];
export type MenuStyle = (typeof MENU_STYLES)[number];
export type SidebarColorSet = (typeof SIDEBAR_COLOR_SETS)[number];
export type SidebarImageId = (typeof SIDEBAR_IMAGES)[number];

export interface Settings {
  themeStyle: ThemeStyle;
  themeMode: ThemeMode;
  layoutType: LayoutType;
  headerType: HeaderType;
  footerType: FooterType;
  footer: boolean;
  menuStyle: MenuStyle;
  sidebarColorSet: SidebarColorSet;
  sidebarImage: { enabled: boolean; id: SidebarImageId };
  locale: LocaleCode;
}

export const DEFAULT_SETTINGS: Settings = {
  themeStyle: 'standard',
  themeMode: 'light',
  layoutType: 'full-width',
  headerType: 'fixed',
  footerType: 'fluid',
  footer: true,
  menuStyle: 'default',
  sidebarColorSet: 'dark',
  sidebarImage: { enabled: false, id: 'waves' },
  locale: DEFAULT_LOCALE,
};

export const SETTINGS_STORAGE_KEY = 'settings';

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/**
 * The interface language for a browser's preferred languages (navigator.languages), when nothing is stored: the
 * first one that is one of the six (`ar*` → ar-SA, `zh*` → zh-Hans-CN, `it*` → it-IT, `es*` → es, `fr*` → fr-FR),
 * else English.
 */
export function browserLocale(languages: readonly string[]): LocaleCode {
  return matchLocale(languages);
}

/** Whatever was stored (older versions, hand edits) becomes a valid Settings value; no language → `locale`. */
export function normalizeSettings(raw: unknown, locale: LocaleCode = DEFAULT_SETTINGS.locale): Settings {
  const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const image =
    typeof v.sidebarImage === 'object' && v.sidebarImage !== null
      ? (v.sidebarImage as Record<string, unknown>)
      : {};
  const d = DEFAULT_SETTINGS;
  return {
    themeStyle: pick(THEME_STYLES, v.themeStyle, d.themeStyle),
    themeMode: pick(THEME_MODES, v.themeMode, d.themeMode),
    layoutType: pick(LAYOUT_TYPES, v.layoutType, d.layoutType),
    headerType: pick(HEADER_TYPES, v.headerType, d.headerType),
    footerType: pick(FOOTER_TYPES, v.footerType, d.footerType),
    footer: typeof v.footer === 'boolean' ? v.footer : d.footer,
    menuStyle: pick(MENU_STYLES, v.menuStyle, d.menuStyle),
    sidebarColorSet: pick(SIDEBAR_COLOR_SETS, v.sidebarColorSet, d.sidebarColorSet),
    sidebarImage: {
      enabled: typeof image.enabled === 'boolean' ? image.enabled : d.sidebarImage.enabled,
      id: pick(SIDEBAR_IMAGES, image.id, d.sidebarImage.id),
    },
    locale: pick(LOCALE_CODES, v.locale, locale),
  };
}

const ON = ['1', 'true', 'on', 'yes'];
const OFF = ['0', 'false', 'off', 'no', 'none'];

/**
 * Layout query parameters (SPEC §2): `layout` → layout type, `menuStyle` → sidebar menu style, `sidebarImage` →
 * on/off or an image id (which also turns it on). `redirect` is handled by the login flow. Unknown values are ignored.
 */
export function applyLayoutParams(settings: Settings, params: URLSearchParams): Settings {
  let next = settings;
  const layout = params.get('layout');
  if (layout && (LAYOUT_TYPES as readonly string[]).includes(layout))
    next = { ...next, layoutType: layout as LayoutType };
  const menuStyle = params.get('menuStyle');
  if (menuStyle && (MENU_STYLES as readonly string[]).includes(menuStyle))
    next = { ...next, menuStyle: menuStyle as MenuStyle };
  const image = params.get('sidebarImage')?.toLowerCase();
  if (image) {
    if ((SIDEBAR_IMAGES as readonly string[]).includes(image)) {
      next = { ...next, sidebarImage: { enabled: true, id: image as SidebarImageId } };
    } else if (ON.includes(image)) {
      next = { ...next, sidebarImage: { ...next.sidebarImage, enabled: true } };
    } else if (OFF.includes(image)) {
      next = { ...next, sidebarImage: { ...next.sidebarImage, enabled: false } };
    }
  }
  return next;
}
