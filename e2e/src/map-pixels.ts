import type { Locator, Page } from 'playwright-core';

/** Where overlays were masked out of a screenshot (Playwright paints masks in this colour). */
const MASK = { r: 255, g: 0, b: 255 };

export interface PixelStats<K extends string = string> {
  width: number;
  height: number;
  /** Distinct colours after reducing each channel to 4 bits (anti-aliasing noise does not count). */
  distinct: number;
  /** Share of the unmasked pixels that differ from the most frequent (background) colour. */
  nonBackground: number;
  /** Unmasked pixels within a small distance of each target colour. */
  near: Record<K, number>;
}

function rgb(hex: string) {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/**
 * Screenshots the element (overlays in `mask` blanked out) and measures its pixels in the page itself (a 2D canvas
 * decodes the PNG, so no image library is needed): a map that draws nothing is one flat colour and fails any sane
 * threshold on `distinct` and `nonBackground`; `near` counts pixels of marker, cluster or trail colours.
 */
export async function pixelStats<K extends string>(
  page: Page,
  element: Locator,
  targets: Record<K, string>,
  mask: Locator[] = [],
): Promise<PixelStats<K>> {
  const png = await element.screenshot({ mask, maskColor: '#FF00FF', animations: 'disabled' });
  const rgbTargets = Object.fromEntries(Object.entries<string>(targets).map(([k, v]) => [k, rgb(v)]));
  const stats = await page.evaluate(
    async ({ base64, targets, mask }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const histogram = new Map<number, number>();
      const near: Record<string, number> = Object.fromEntries(Object.keys(targets).map((k) => [k, 0]));
      const wanted = Object.entries(targets);
      let unmasked = 0;
      for (let i = 0; i < data.length; i += 4) {
        const r = data[i]!;
        const g = data[i + 1]!;
        const b = data[i + 2]!;
        if (Math.abs(r - mask.r) + Math.abs(g - mask.g) + Math.abs(b - mask.b) < 24) continue;
        unmasked++;
        const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
        histogram.set(key, (histogram.get(key) ?? 0) + 1);
        for (const [name, t] of wanted)
          if (Math.abs(r - t.r) + Math.abs(g - t.g) + Math.abs(b - t.b) < 48) near[name]!++;
      }
      const background = Math.max(0, ...histogram.values());
      return {
        width: canvas.width,
        height: canvas.height,
        distinct: histogram.size,
        nonBackground: unmasked === 0 ? 0 : (unmasked - background) / unmasked,
        near,
      };
    },
    { base64: png.toString('base64'), targets: rgbTargets, mask: MASK },
  );
  return stats as PixelStats<K>;
}
