import { decomposeColor, getLuminance } from '@mui/material/styles';

/** An opaque colour as [r, g, b] in 0–255. */
type Rgb = [number, number, number];

/** `color` (any CSS colour MUI parses, alpha included) laid over the opaque `under`. */
export function composite(color: string, under: string): string {
  const top = decomposeColor(color);
  const bottom = decomposeColor(flatten(under));
  const alpha = top.values.length > 3 ? Number(top.values[3]) : 1;
  const rgb = [0, 1, 2].map(
    (i) => Number(top.values[i]) * alpha + Number(bottom.values[i]) * (1 - alpha),
  ) as Rgb;
  return `rgb(${rgb.map((v) => Math.round(v)).join(', ')})`;
}

/** A colour with its alpha dropped onto white (a translucent background over the page). */
function flatten(color: string): string {
  const parts = decomposeColor(color);
  return parts.values.length > 3 && Number(parts.values[3]) < 1 ? composite(color, '#FFFFFF') : color;
}

/**
 * WCAG 2.x contrast ratio of text `foreground` on `background`; a translucent foreground is laid over the
 * background first, a translucent background over `page` (white unless given).
 */
export function contrastRatio(foreground: string, background: string, page = '#FFFFFF'): number {
  const under = composite(background, page);
  const over = composite(foreground, under);
  const a = getLuminance(over);
  const b = getLuminance(under);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
