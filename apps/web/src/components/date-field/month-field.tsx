/**
 * A calendar month (`YYYY-MM`) with MUI X's date picker in its year and month views: typed as MM/YYYY (YYYY/MM in
 * Chinese) in the interface language's digits and direction, or picked from the lists of months and years. (The
 * browser's own month input read "---------- ----" with Latin digits in Arabic.) Loaded with the pages that show one,
 * like DateField.
 *
 *   <MonthField label=… value={period} onChange={setPeriod} />                  // a filter ('' when cleared)
 *   <FormMonthField control={form.control} name="period" label=… required />     // react-hook-form
 */
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useTranslation } from 'react-i18next';
import { DATE_MAX, DATE_MIN } from '@lbs/contracts';
import { messageTextIn } from '../../lib/field-message.ts';
import type { BaseProps } from '../form-fields.tsx';
import { FormPickerField, pickerSlotProps, usePickedValue, type PickerFieldProps } from './date-field.tsx';
import { PickerAdapter, pickerLocale } from './picker-locales.ts';

/** What the field hands on while a typed month is incomplete: not a month, so a schema refuses it. */
export const INCOMPLETE_MONTH = 'incomplete';

const MONTH = 'YYYY-MM';
const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const toDayjs = (value: string | null | undefined): Dayjs | null =>
  value && isMonth(value) ? dayjs(`${value}-01`) : value ? dayjs('invalid') : null;

export function MonthField(props: PickerFieldProps) {
  const { value, onChange, label, disabled, error, sx, inputRef } = props;
  const { t, i18n } = useTranslation();
  const locale = pickerLocale(i18n.language);
  const { picked, pick } = usePickedValue(value, toDayjs);
  const [pickerError, setPickerError] = useState<DateValidationError>(null);
  const shown = error ?? (pickerError ? messageTextIn(t, i18n.language, 'validation.invalid') : undefined);
  return (
    <LocalizationProvider dateAdapter={PickerAdapter} adapterLocale={locale.dayjs} localeText={locale.text}>
      <DatePicker
        label={label}
        value={picked}
        views={['year', 'month']}
        openTo="month"
        format={locale.month}
        minDate={dayjs(DATE_MIN)}
        maxDate={dayjs(DATE_MAX)}
        disabled={disabled}
        inputRef={inputRef}
        onError={setPickerError}
        onChange={(next, context) => {
          // A month outside SPEC §9's years (1850) is no month to show or submit.
          const month =
            next === null
              ? ''
              : next.isValid() && context.validationError === null
                ? next.locale('en').format(MONTH)
                : INCOMPLETE_MONTH;
          pick(next, month);
          onChange(month);
        }}
        sx={sx}
        slotProps={pickerSlotProps(props, shown)}
      />
    </LocalizationProvider>
  );
}

/** MonthField bound to react-hook-form. */
export function FormMonthField<T extends FieldValues>(props: BaseProps<T>) {
  return <FormPickerField Field={MonthField} {...props} />;
}
