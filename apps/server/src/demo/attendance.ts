import type { Executor } from '../db/database.ts';
import { localDate, nextDate } from '../modules/attendance/compute.ts';
import { publicHolidays } from '../modules/attendance/index.ts';
import type { DemoCompany } from './organisation.ts';

/**
 * Attendance for every demo company: a holiday list of its country (public holidays from date-holidays in the
 * company's language, the local weekend as weekly off: Friday–Saturday in Saudi Arabia), an office-hours shift
 * (Alpha Sunday–Thursday 08:30–16:30 Asia/Riyadh with half-day and absent thresholds; Beta Monday–Friday 08:30–17:00
 * Europe/Rome; Gamma Monday–Friday 08:45–17:00 Europe/Madrid), and the shift on every attendance site. The days are
 * computed from the position history once it is seeded (demo/index.ts).
 */

const SHIFTS: Record<
  string,
  {
    name: string;
    start: string;
    end: string;
    days: number[];
    off: number[];
    language: string;
    halfDay: number;
    absent: number;
  }
> = {
  ALPHA: {
    name: 'Office hours',
    start: '08:30',
    end: '16:30',
    days: [7, 1, 2, 3, 4],
    off: [5, 6],
    language: 'ar',
    halfDay: 240,
    absent: 60,
  },
  BETA: {
    name: 'Orario d’ufficio',
    start: '08:30',
    end: '17:00',
    days: [1, 2, 3, 4, 5],
    off: [6, 7],
    language: 'it',
    halfDay: 240,
    absent: 0,
  },
  GAMMA: {
    name: 'Horario de oficina',
    start: '08:45',
    end: '17:00',
    days: [1, 2, 3, 4, 5],
    off: [6, 7],
    language: 'es',
    halfDay: 0,
    absent: 0,
  },
};

export async function seedAttendance(
  db: Executor,
  companies: Iterable<DemoCompany>,
  now: Date,
): Promise<number> {
  let shifts = 0;
  for (const company of companies) {
    const c = company.seed;
    const terms = SHIFTS[c.code];
    if (!terms) continue;
    const year = Number(localDate(c.timezone, now.getTime()).slice(0, 4));
    const list = await db
      .insertInto('holiday_lists')
      .values({
        company_id: company.id,
        name: `${c.city} ${year - 1}–${year + 1}`,
        from_date: `${year - 1}-01-01`,
        to_date: `${year + 1}-12-31`,
        weekly_off: JSON.stringify(terms.off),
        country: c.country,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const holidays = [year - 1, year, year + 1].flatMap(
      (y) => publicHolidays(c.country, y, terms.language) ?? [],
    );
    if (holidays.length)
      await db
        .insertInto('holidays')
        .values(
          holidays.map((h) => ({
            holiday_list_id: list.id,
            date: h.date,
            name: h.name,
            kind: 'HOLIDAY' as const,
          })),
        )
        .execute();
    const shift = await db
      .insertInto('shifts')
      .values({ company_id: company.id, name: terms.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shift_versions')
      .values({
        shift_id: shift.id,
        effective_from: nextDate(localDate(c.timezone, now.getTime()), -90),
        start_time: terms.start,
        end_time: terms.end,
        days: JSON.stringify(terms.days),
        time_zone: c.timezone,
        check_in_before_min: 60,
        check_out_after_min: 60,
        late_grace_min: 10,
        early_exit_grace_min: 10,
        half_day_threshold_min: terms.halfDay,
        absent_threshold_min: terms.absent,
        hours_method: 'FIRST_IN_LAST_OUT',
        count_on_holidays: false,
        holiday_list_id: list.id,
      })
      .execute();
    await db
      .updateTable('poi_assignments')
      .set({ shift_id: shift.id })
      .where('company_id', '=', company.id)
      .where('purpose', '=', 'ATTENDANCE_SITE')
      .execute();
    shifts++;
  }
  return shifts;
}
