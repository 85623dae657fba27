import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay } from '@lbs/contracts';
import { timeIn } from '../../../lib/format.ts';
import { attendanceTodayQueryOptions } from '../../../shared-api/attendance/attendance-today.ts';

/** What the day says in words: "Present since 08:03 · provisional", "Late · left at 12:10", "Present · 08:03–17:01". */
export function attendanceText(day: AttendanceDay, t: TFunction, locale: string): string {
  const at = (iso: string | null) => timeIn(locale, day.timeZone, iso);
  const status = t(`attendance.status.${day.status}`);
  const parts: string[] = [];
  if (day.state === 'PROVISIONAL' && !day.override) {
    if (!day.firstIn) parts.push(t('attendance.notYet'));
    else {
      if (day.status !== 'PRESENT') parts.push(status);
      parts.push(
        day.stillInside
          ? t('monitor.attendance.presentSince', { time: at(day.firstIn) })
          : t('monitor.attendance.leftAt', { time: at(day.lastOut) }),
      );
    }
    parts.push(t('attendance.provisional'));
  } else {
    parts.push(status);
    if (day.firstIn && day.lastOut) parts.push(`${at(day.firstIn)}–${at(day.lastOut)}`);
  }
  return parts.join(' · ');
}

/**
 * The selected MSISDN's attendance around now as two rows of the details' list (nothing when it has no attendance
 * site): the server's day, in the shift's time zone.
 */
export function AttendanceToday({ msisdnId, nowMs }: { msisdnId: number; nowMs: number }) {
  const { t, i18n } = useTranslation();
  const { data: day } = useQuery(attendanceTodayQueryOptions(msisdnId, nowMs));
  if (!day) return null;
  return (
    <>
      <dt>{t('monitor.details.attendance')}</dt>
      <dd data-testid="monitor-attendance">{attendanceText(day, t, i18n.language)}</dd>
    </>
  );
}
