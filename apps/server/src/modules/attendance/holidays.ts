import Holidays from 'date-holidays';

/**
 * Public holidays of a country and year from date-holidays (names in `language` where its calendar has them, else
 * English), one entry per day: a several-day holiday (the Eid breaks) gives each of its days.
 */
export function publicHolidays(
  country: string,
  year: number,
  language: string,
): { date: string; name: string }[] | undefined {
  const calendar = new Holidays();
  if (!(country in calendar.getCountries('en'))) return undefined;
  calendar.init(country, { languages: [language, 'en'], types: ['public'] });
  const out = new Map<string, string>();
  for (const h of calendar.getHolidays(year, language) || []) {
    if (h.type !== 'public') continue;
    const first = h.date.slice(0, 10);
    const days = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
    for (let i = 0; i < days; i++) {
      const d = new Date(`${first}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + i);
      const date = d.toISOString().slice(0, 10);
      if (!out.has(date)) out.set(date, h.name);
    }
  }
  return [...out].map(([date, name]) => ({ date, name }));
}
