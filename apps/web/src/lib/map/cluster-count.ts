import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';

/**
 * Cluster counts drawn as images rather than map text, in the browser's fonts: they write every language's digits
 * (the map's own text wrote Latin digits in the Arabic interface).
 */

/**
 * A cluster's count as the interface writes numbers ("12" is "١٢" in Arabic, like the list beside the map): the
 * clusters abbreviate 1,200 as "1.2k", which becomes the language's compact form.
 */
export function countLabel(abbreviated: string, language: string): string {
  const thousands = abbreviated.endsWith('k');
  const value = Number(thousands ? abbreviated.slice(0, -1) : abbreviated);
  if (!Number.isFinite(value)) return abbreviated;
  return thousands
    ? new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value * 1000)
    : new Intl.NumberFormat(language).format(value);
}

let countCanvas: HTMLCanvasElement | undefined;

/** A cluster's count as an image. */
function countImage(label: string): ImageData | undefined {
  const ratio = Math.max(1, Math.min(3, Math.round(window.devicePixelRatio || 1)));
  countCanvas ??= document.createElement('canvas');
  const canvas = countCanvas;
  // A software canvas: reading an accelerated one back stalls on the GPU for every new count.
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return undefined;
  const font = `600 ${12 * ratio}px "Inter", "Segoe UI", Roboto, Arial, sans-serif`;
  ctx.font = font;
  const width = Math.ceil(ctx.measureText(label).width) + 2 * ratio;
  canvas.width = width;
  canvas.height = 16 * ratio;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.font = font;
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, width / 2, canvas.height / 2 + ratio * 0.5);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** The icon-image of a cluster's count layer: one image per abbreviated count, drawn on demand. */
export const CLUSTER_COUNT_IMAGE: ExpressionSpecification = [
  'concat',
  'count-',
  ['get', 'point_count_abbreviated'],
];

/** Draws each cluster count image the map asks for, in the interface's digits. */
export function drawClusterCounts(map: MapLibreMap, language: string): void {
  map.setMissingStyleImageResolver((id) => {
    if (!id.startsWith('count-')) return;
    const image = countImage(countLabel(id.slice('count-'.length), language));
    if (image && !map.hasImage(id))
      map.addImage(id, image, {
        pixelRatio: Math.max(1, Math.min(3, Math.round(window.devicePixelRatio || 1))),
      });
  });
}
