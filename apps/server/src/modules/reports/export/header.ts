import type { ReportContext } from '@lbs/contracts';
import { zonedClock } from './cells.ts';
import type { ReportTextsOf } from './texts.ts';

/**
 * What a file says about the rows it holds, as label–value pairs in the reader's language: the company, the scope
 * (the department and zone the caller or the filters narrowed to, else the whole company), the period (calendar
 * days in the company's time zone, both included), the time zone every time is printed in, and when it was made.
 */
export function contextLines(
  context: ReportContext,
  texts: ReportTextsOf,
  generatedAt: Date = new Date(),
): [label: string, value: string][] {
  const scope = [context.department, context.zone].filter((part): part is string => !!part).join(' / ');
  return [
    [texts.text('reports.export.company'), context.company.name],
    [texts.text('reports.export.scope'), scope || texts.text('reports.export.wholeCompany')],
    [texts.text('reports.export.period'), `${context.from} – ${context.to}`],
    [texts.text('reports.export.timeZone'), context.timeZone],
    [texts.text('reports.export.generated'), zonedClock(context.timeZone).text(generatedAt.toISOString())],
  ];
}
