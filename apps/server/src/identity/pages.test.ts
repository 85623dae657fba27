import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR } from '@lbs/contracts';
import { pageLocale } from './i18n.ts';
import { loginPage } from './pages.ts';

/** WCAG 2.x relative luminance of a #RRGGBB colour, and the contrast ratio of two. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const expand = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex.toUpperCase();

/** The declarations of the first CSS rule whose selector list is exactly `selector`. */
function rule(html: string, selector: string): Record<string, string> {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|[}\\n])${escaped}\\{([^}]*)\\}`).exec(css)?.[1];
  if (body === undefined) throw new Error(`no CSS rule ${selector}`);
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.split(':').map((p) => p.trim()))
      .filter((p): p is [string, string] => p.length === 2),
  );
}

describe('the sign-in page’s colours (WCAG 2.2 AA)', () => {
  const html = loginPage(pageLocale('en-US', undefined), { action: '/realms/lbs/login/x' });
  const white = '#FFFFFF';

  it('the Sign in button’s text reaches 4.5:1 on its fill, also hovered or focused', () => {
    const button = rule(html, '.btn');
    const hovered = rule(html, '.btn:hover,.btn:focus-visible');
    expect(contrast(expand(button['color']!), expand(button['background']!))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(expand(button['color']!), expand(hovered['background']!))).toBeGreaterThanOrEqual(4.5);
  });

  it('the product name, the current language and the secondary button reach 4.5:1 on white', () => {
    for (const selector of ['.brand', '.langs a[aria-current]', '.btn.secondary', '.sub', '.muted']) {
      const color = expand(rule(html, selector)['color']!);
      expect(contrast(color, white), selector).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the brand blue as the accent', () => {
    expect(rule(html, '.brand svg')['color']).toBe(PRIMARY_COLOR);
    expect(contrast(PRIMARY_COLOR, white)).toBeLessThan(4.5);
  });
});
