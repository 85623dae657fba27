import type { TFunction } from 'i18next';
import type { Poi, PoiAssignment } from '@lbs/contracts';
import { weekdayName } from '../../../lib/format.ts';

/** "radius 150 m" for a circle, "12.5 ha" for a polygon. */
export function sizeOf(t: TFunction, locale: string, poi: Pick<Poi, 'geometry' | 'areaM2'>): string {
  if (poi.geometry.type === 'CIRCLE')
    return t('poi.size.radius', {
      metres: new Intl.NumberFormat(locale).format(Math.round(poi.geometry.radiusM)),
    });
  return t('poi.size.area', {
    hectares: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(poi.areaM2 / 10_000),
  });
}

/** "Mon Tue Wed · 08:00–18:00": an assignment's days and windows. */
export function scheduleOf(t: TFunction, locale: string, a: Pick<PoiAssignment, 'days' | 'windows'>): string {
  const days = a.days.map((d) => weekdayName(locale, d)).join(' ');
  const windows = a.windows
    .map((w) => (w.start === w.end ? t('poi.assign.allDay') : `${w.start}–${w.end}`))
    .join(', ');
  return `${days} · ${windows}`;
}
