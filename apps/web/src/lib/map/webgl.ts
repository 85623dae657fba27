let cached: boolean | undefined;

/**
 * Whether this browser can give MapLibre (v6: WebGL 2 only) a context. Checked once, on a throw-away canvas, before
 * the map library is even downloaded. jsdom and GPU-less browsers without a software renderer say no.
 */
export function isWebGL2Available(): boolean {
  if (cached !== undefined) return cached;
  if (typeof WebGL2RenderingContext === 'undefined') return (cached = false);
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2');
    cached = !!gl && typeof (gl as WebGL2RenderingContext).getParameter === 'function';
    (gl as WebGL2RenderingContext | null)?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    cached = false;
  }
  return cached;
}
