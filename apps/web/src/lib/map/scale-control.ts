/**
 * The maps' scale bar in the interface language: MapLibre's own ScaleControl writes "3 km" / "200 m" in Latin
 * digits whatever the language; this one writes the locale's digits and unit ("٣ كم", "٢٠٠ م", "3 公里", "200 米").
 * Used by every map through createBaseMap. Only types come from MapLibre: the module stays light for unit tests.
 */
import type { ControlPosition, IControl, LngLat, Map as MapLibreMap } from 'maplibre-gl';

/** 1, 2, 3, 5 or 10 × a power of ten, at most `value` (as MapLibre's bar rounds: the bar is drawn shorter). */
export function roundScaleDistance(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 0;
  const pow10 = 10 ** Math.floor(Math.log10(value));
  const d = value / pow10;
  const step = d >= 10 ? 10 : d >= 5 ? 5 : d >= 3 ? 3 : d >= 2 ? 2 : 1;
  return pow10 * step;
}

/**
 * A distance as the scale bar writes it: kilometres from 1000 m, metres below, with the locale's digits and unit
 * symbol (Intl's narrow unit display: "km"/"m", "كم"/"م", "公里"/"米"), a no-break space between number and unit.
 */
export function scaleLabel(language: string, meters: number): string {
  const km = meters >= 1000;
  const value = km ? meters / 1000 : meters;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: km ? 'kilometer' : 'meter',
      unitDisplay: 'narrow',
      maximumFractionDigits: 3,
    });
  } catch {
    format = new Intl.NumberFormat('en-US', {
      style: 'unit',
      unit: km ? 'kilometer' : 'meter',
      unitDisplay: 'narrow',
      maximumFractionDigits: 3,
    });
  }
  const parts = format.formatToParts(value);
  const unitAt = parts.findIndex((p) => p.type === 'unit');
  if (unitAt < 0) return format.format(value);
  const unit = parts[unitAt]!.value;
  const number = parts
    .filter((p) => p.type !== 'unit' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  const numberAt = parts.findIndex((p) => p.type === 'integer');
  return unitAt < numberAt ? `${unit}\u00a0${number}` : `${number}\u00a0${unit}`;
}

export interface ScaleControlOptions {
  /** The interface language (i18n.language): digits and units. */
  language: string;
  /** The writing direction of the language (the map itself is laid out left to right). */
  rtl: boolean;
  /** The longest the bar may be, in pixels. */
  maxWidth?: number;
}

/** MapLibre's scale bar (same measure and rounding, same classes and look) with a localised label. */
export class LocalizedScaleControl implements IControl {
  readonly #options: Required<ScaleControlOptions>;
  #map: MapLibreMap | undefined;
  #container: HTMLElement | undefined;

  constructor(options: ScaleControlOptions) {
    this.#options = { maxWidth: 100, ...options };
  }

  getDefaultPosition(): ControlPosition {
    return this.#options.rtl ? 'bottom-right' : 'bottom-left';
  }

  onAdd(map: MapLibreMap): HTMLElement {
    this.#map = map;
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl maplibregl-ctrl-scale';
    container.dir = this.#options.rtl ? 'rtl' : 'ltr';
    this.#container = container;
    map.on('move', this.#update);
    map.on('resize', this.#update);
    this.#update();
    return container;
  }

  onRemove(): void {
    this.#container?.remove();
    this.#map?.off('move', this.#update);
    this.#map?.off('resize', this.#update);
    this.#map = undefined;
    this.#container = undefined;
  }

  /** The ground distance across `maxWidth` pixels at the middle of the map, rounded down to a round number. */
  readonly #update = (): void => {
    const map = this.#map;
    const container = this.#container;
    if (!map || !container) return;
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const y = height / 2;
    const x = width / 2;
    const half = this.#options.maxWidth / 2;
    let left: LngLat;
    let right: LngLat;
    try {
      left = map.unproject([x - half, y]);
      right = map.unproject([x + half, y]);
    } catch {
      return;
    }
    const projected = Math.round(map.project(right).x - map.project(left).x);
    const maxWidth = Math.min(
      this.#options.maxWidth,
      projected > 0 ? projected : Infinity,
      width || Infinity,
    );
    const maxMeters = left.distanceTo(right);
    if (!(maxMeters > 0)) return;
    const meters =
      maxMeters >= 1000 ? roundScaleDistance(maxMeters / 1000) * 1000 : roundScaleDistance(maxMeters);
    container.style.width = `${Math.round(maxWidth * (meters / maxMeters))}px`;
    const label = scaleLabel(this.#options.language, meters);
    if (container.textContent !== label) container.textContent = label;
  };
}
