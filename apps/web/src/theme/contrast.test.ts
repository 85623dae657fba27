import { describe, expect, it } from 'vitest';
import { alpha, darken, rgbToHex } from '@mui/material/styles';
import { PRIMARY_COLOR, PRIMARY_TEXT_COLOR, SECONDARY_COLOR } from '@lbs/contracts';
import { composite, contrastRatio } from './contrast.ts';
import { BRAND_TEXT, createAppTheme } from './create-app-theme.ts';
import { SIDEBAR_COLOR_SETS, SIDEBAR_COLORS } from './sidebar-colors.ts';

/** WCAG 2.2 AA: 4.5:1 for text, 3:1 for user-interface components and graphics (1.4.3, 1.4.11). */
const TEXT = 4.5;
const UI = 3;

const ratio = (fg: string, bg: string, page?: string) => contrastRatio(fg, bg, page);

/** `fg` on `bg` (over `page` when `bg` is translucent) reaches `min`; the message names the pair. */
function expectContrast(min: number, fg: string, bg: string, page?: string): void {
  const value = ratio(fg, bg, page);
  expect(value, `${fg} on ${bg}${page ? ` over ${page}` : ''}: ${value.toFixed(2)}:1`).toBeGreaterThanOrEqual(
    min,
  );
}

describe('contrastRatio', () => {
  it('matches the WCAG formula on known pairs', () => {
    expect(ratio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(ratio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    // The failures measured in the portal before the fix.
    expect(ratio('#FFFFFF', PRIMARY_COLOR)).toBeCloseTo(3.51, 2);
    expect(ratio('#F4F7FE', SECONDARY_COLOR)).toBeCloseTo(3.31, 2);
    expect(ratio('#ED6C02', '#FFFFFF')).toBeCloseTo(3.12, 2);
  });

  it('lays translucent colours over what is under them', () => {
    expect(composite('rgba(0, 0, 0, 0.5)', '#FFFFFF')).toBe('rgb(128, 128, 128)');
    expect(ratio('rgba(255, 255, 255, 0.5)', '#000000')).toBeCloseTo(
      ratio('rgb(128, 128, 128)', '#000000'),
      5,
    );
    expect(ratio('#000000', 'rgba(0, 0, 0, 0.5)', '#FFFFFF')).toBeCloseTo(ratio('#000000', '#808080'), 2);
  });
});

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  const theme = createAppTheme({ mode, direction: 'ltr', modern: false, locale: 'en-US' });
  const { palette } = theme;
  const surfaces = { page: palette.background.default, paper: palette.background.paper };
  const selected = palette.action.selectedOpacity;

  it.each(Object.entries(surfaces))('body text reaches 4.5:1 on the %s background', (_name, surface) => {
    expectContrast(TEXT, palette.text.primary, surface);
    expectContrast(TEXT, palette.text.secondary, surface);
  });

  it('secondary text stays readable on a selected row', () => {
    const row = composite(alpha(palette.primary.main, selected), surfaces.paper);
    expectContrast(TEXT, palette.text.secondary, row);
  });

  describe.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)('%s', (name) => {
    const color = palette[name];

    it.each(Object.entries(surfaces))(
      `${name} as text (links, outlined chips) on the %s background`,
      (_n, surface) => {
        expectContrast(TEXT, color.main, surface);
      },
    );

    it(`${name} as a fill under its contrast text (buttons, filled chips, avatar), also hovered`, () => {
      expectContrast(TEXT, color.contrastText, color.main);
      expectContrast(TEXT, color.contrastText, color.dark);
    });

    it(`${name} as text on its own selected tint (pressed toggle buttons)`, () => {
      for (const surface of Object.values(surfaces)) {
        expectContrast(TEXT, color.main, alpha(color.main, selected), surface);
      }
    });
  });

  it('draws the keyboard focus ring at 3:1 against both backgrounds', () => {
    for (const surface of Object.values(surfaces)) {
      expectContrast(UI, BRAND_TEXT[mode].primary, surface);
    }
  });

  it('keeps the brand hue: the palette primary is #0A8FDC shaded, not another colour', () => {
    expect(palette.primary.main).not.toBe(PRIMARY_COLOR);
    if (mode === 'light') expect(palette.primary.main).toBe(PRIMARY_TEXT_COLOR);
    // PRIMARY_TEXT_COLOR (shared with the sign-in page) is the brand blue darkened, not another hue.
    expect(PRIMARY_TEXT_COLOR.toLowerCase()).toBe(rgbToHex(darken(PRIMARY_COLOR, 0.25)));
    expect(palette.secondary.main).toBe(BRAND_TEXT[mode].secondary);
  });
});

describe.each(SIDEBAR_COLOR_SETS)('the %s sidebar', (set) => {
  const c = SIDEBAR_COLORS[set];
  // With a background image under the overlay, the worst cases are a black and a white image.
  const grounds = {
    plain: c.background,
    'over a black image': composite(c.overlay, '#000000'),
    'over a white image': composite(c.overlay, '#FFFFFF'),
  };

  it.each(Object.entries(grounds))('entries and the selected entry reach 4.5:1 (%s)', (_name, ground) => {
    expectContrast(TEXT, c.text, ground);
    expectContrast(TEXT, c.text, c.hover, ground);
    expectContrast(TEXT, c.selectedText, c.selectedBackground, ground);
  });
});
