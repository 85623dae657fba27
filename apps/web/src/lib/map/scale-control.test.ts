import { describe, expect, it } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { LocalizedScaleControl, roundScaleDistance, scaleLabel } from './scale-control.ts';

describe('scaleLabel', () => {
  it('writes English with Latin digits and km / m', () => {
    expect(scaleLabel('en-US', 3000)).toBe('3\u00a0km');
    expect(scaleLabel('en-US', 200)).toBe('200\u00a0m');
    expect(scaleLabel('en-US', 1000)).toBe('1\u00a0km');
    expect(scaleLabel('en-US', 500_000)).toBe('500\u00a0km');
  });

  it('writes Arabic with Arabic-Indic digits and Arabic units', () => {
    expect(scaleLabel('ar-SA', 3000)).toBe('٣\u00a0كم');
    expect(scaleLabel('ar-SA', 200)).toBe('٢٠٠\u00a0م');
    expect(scaleLabel('ar-SA', 1)).toBe('١\u00a0م');
    // Digits as the portal's other numbers in Arabic (Intl with the interface language).
    expect(scaleLabel('ar-SA', 2000).startsWith(new Intl.NumberFormat('ar-SA').format(2))).toBe(true);
  });

  it('writes Chinese units', () => {
    expect(scaleLabel('zh-Hans-CN', 3000)).toBe('3\u00a0公里');
    expect(scaleLabel('zh-Hans-CN', 200)).toBe('200\u00a0米');
  });

  it('keeps Latin units with the locale’s digits elsewhere', () => {
    expect(scaleLabel('fr-FR', 5000)).toBe('5\u00a0km');
    expect(scaleLabel('it-IT', 20)).toBe('20\u00a0m');
    expect(scaleLabel('es', 300)).toBe('300\u00a0m');
  });
});

describe('roundScaleDistance', () => {
  it('rounds down to 1, 2, 3 or 5 times a power of ten', () => {
    expect([1.4, 2.9, 3.2, 7.9, 9.99, 10, 47, 260, 3400].map(roundScaleDistance)).toEqual([
      1, 2, 3, 5, 5, 10, 30, 200, 3000,
    ]);
  });
});

/** A map 400 px wide where one pixel is `metersPerPixel` metres on the ground. */
function fakeMap(metersPerPixel: number) {
  const listeners = new Map<string, () => void>();
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 400 });
  Object.defineProperty(container, 'clientHeight', { value: 300 });
  const point = (x: number) => ({
    x,
    distanceTo: (other: { x: number }) => Math.abs(other.x - x) * metersPerPixel,
  });
  const map = {
    getContainer: () => container,
    unproject: ([x]: [number, number]) => point(x),
    project: (p: { x: number }) => ({ x: p.x, y: 150 }),
    on: (event: string, fn: () => void) => listeners.set(event, fn),
    off: (event: string) => listeners.delete(event),
  };
  return {
    map: map as unknown as MapLibreMap,
    zoomTo(next: number) {
      metersPerPixel = next;
      listeners.get('move')?.();
    },
    listeners,
  };
}

describe('LocalizedScaleControl', () => {
  it('labels the bar in the interface language and sizes it to the rounded distance', () => {
    const fake = fakeMap(30); // 120 px = 3600 m → a 3 km bar, 100 px long
    const control = new LocalizedScaleControl({ language: 'ar-SA', rtl: true, maxWidth: 120 });
    const element = control.onAdd(fake.map);
    expect(element.className).toContain('maplibregl-ctrl-scale');
    expect(element.textContent).toBe('٣\u00a0كم');
    expect(element.style.width).toBe('100px');
    expect(element.dir).toBe('rtl');
    expect(control.getDefaultPosition()).toBe('bottom-right');

    fake.zoomTo(2); // 120 px = 240 m → 200 m, 100 px
    expect(element.textContent).toBe('٢٠٠\u00a0م');
    expect(element.style.width).toBe('100px');

    control.onRemove();
    expect(fake.listeners.size).toBe(0);
  });

  it('follows the map in Chinese and in English', () => {
    const zh = new LocalizedScaleControl({ language: 'zh-Hans-CN', rtl: false, maxWidth: 120 });
    const zhFake = fakeMap(2);
    expect(zh.onAdd(zhFake.map).textContent).toBe('200\u00a0米');
    const en = new LocalizedScaleControl({ language: 'en-US', rtl: false, maxWidth: 120 });
    const enFake = fakeMap(50); // 6000 m → 5 km, 100 px
    const element = en.onAdd(enFake.map);
    expect(element.textContent).toBe('5\u00a0km');
    expect(element.style.width).toBe('100px');
    expect(en.getDefaultPosition()).toBe('bottom-left');
  });
});
