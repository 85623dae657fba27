/**
 * Times of day (`HH:mm`, 24-hour, as every window and shift in the product is written) and local date-times
 * (`YYYY-MM-DDTHH:mm`, what a datetime-local input gave) with MUI X's pickers, in the interface language rather than
 * the browser's: a native time input follows the browser's own language (12-hour "09:00 AM" in an English browser,
 * inside an Arabic page). Typed section by section or picked from the clock; values in and out stay the strings, so
 * forms and API bodies do not change ('' when empty; INCOMPLETE_TIME while a typed value is not whole).
 *
 *   <TimeField label=… value={start} onChange={setStart} />                       // a dialog or a filter
 *   <FormTimeField control={form.control} name="window.start" label=… />           // react-hook-form
 *   <FormDateTimeField control={form.control} name="dueStart" label=… />          // react-hook-form, local date-time
 *
 * Like date-field.tsx, this module (and MUI X with it) is loaded with the pages that show such a field only.
 */
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useTranslation } from 'react-i18next';
import { messageTextIn } from '../../lib/field-message.ts';
import type { BaseProps } from '../form-fields.tsx';
import { FormPickerField, pickerSlotProps, usePickedValue, type PickerFieldProps } from './date-field.tsx';
import { PickerAdapter, pickerLocale } from './picker-locales.ts';

dayjs.extend(customParseFormat);

/** What the field hands on while a typed value is incomplete or impossible: not a time, so a schema refuses it. */
export const INCOMPLETE_TIME = 'incomplete';

type Kind = 'time' | 'dateTime';
const FORMAT: Record<Kind, string> = { time: 'HH:mm', dateTime: 'YYYY-MM-DDTHH:mm' };
/** The field's own display: 24-hour in every language (the product writes times so everywhere). */
const DISPLAY: Record<Kind, string> = { time: 'HH:mm', dateTime: 'L HH:mm' };

const toDayjs = (kind: Kind, value: string | null | undefined): Dayjs | null => {
  if (!value) return null;
  // A datetime-local value may carry seconds; a time is HH:mm.
  const parsed = dayjs(kind === 'dateTime' ? value.slice(0, 16) : value, FORMAT[kind], true);
  return parsed.isValid() ? parsed : dayjs('invalid');
};

function PickerField({ kind, ...props }: PickerFieldProps & { kind: Kind }) {
  const { value, onChange, label, disabled, error, sx } = props;
  const { t, i18n } = useTranslation();
  const locale = pickerLocale(i18n.language);
  const { picked, pick } = usePickedValue(value, (v) => toDayjs(kind, v));
  const [invalid, setInvalid] = useState(false);
  const shown =
    error ??
    (invalid
      ? messageTextIn(t, i18n.language, kind === 'time' ? 'validation.timeInvalid' : 'validation.invalid')
      : undefined);
  const common = {
    label,
    value: picked,
    disabled,
    ampm: false,
    format: DISPLAY[kind],
    inputRef: props.inputRef,
    onError: (reason: unknown) => setInvalid(Boolean(reason)),
    onChange: (next: Dayjs | null) => {
      const text =
        next === null ? '' : next.isValid() ? next.locale('en').format(FORMAT[kind]) : INCOMPLETE_TIME;
      pick(next, text);
      onChange(text);
    },
    sx,
    slotProps: pickerSlotProps(props, shown),
  };
  return (
    <LocalizationProvider dateAdapter={PickerAdapter} adapterLocale={locale.dayjs} localeText={locale.text}>
      {kind === 'time' ? <TimePicker {...common} /> : <DateTimePicker {...common} />}
    </LocalizationProvider>
  );
}

/** A time of day, `HH:mm`. */
export function TimeField(props: PickerFieldProps) {
  return <PickerField kind="time" {...props} />;
}

/** A local date and time, `YYYY-MM-DDTHH:mm` (what a datetime-local input gave). */
export function DateTimeField(props: PickerFieldProps) {
  return <PickerField kind="dateTime" {...props} />;
}

/** TimeField bound to react-hook-form. */
export function FormTimeField<T extends FieldValues>(props: BaseProps<T>) {
  return <FormPickerField Field={TimeField} {...props} />;
}

/** DateTimeField bound to react-hook-form. */
export function FormDateTimeField<T extends FieldValues>(props: BaseProps<T>) {
  return <FormPickerField Field={DateTimeField} {...props} />;
}
