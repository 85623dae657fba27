import { useMemo } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { timeZones } from '../lib/format.ts';
import { FormTimeField } from './date-field/time-field.tsx';
import { FormAutocompleteField } from './form-fields.tsx';
import { WeekdayChips } from './weekday-chips.tsx';

/**
 * The fields of a tracking-window shape `{days, start, end, timezone}` under `name` (a company's tracking window, a
 * notification rule's active hours): weekday chips, two times and a time zone, as fields of a form grid.
 */
export function TrackingWindowFields<T extends FieldValues>({
  control,
  name,
  labels,
  timezoneSpan,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  labels: { days: string; start: string; end: string; timezone: string };
  timezoneSpan?: 1 | 2;
}) {
  const zones = useMemo(timeZones, []);
  const field = (key: 'days' | 'start' | 'end' | 'timezone') => `${name}.${key}` as FieldPath<T>;
  return (
    <>
      <WeekdayChips control={control} name={field('days')} label={labels.days} />
      <FormTimeField control={control} name={field('start')} label={labels.start} required />
      <FormTimeField control={control} name={field('end')} label={labels.end} required />
      <FormAutocompleteField
        control={control}
        name={field('timezone')}
        label={labels.timezone}
        options={zones}
        required
        span={timezoneSpan}
      />
    </>
  );
}
