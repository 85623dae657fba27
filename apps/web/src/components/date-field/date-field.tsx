/**
 * Calendar dates (`YYYY-MM-DD`) with MUI X's date picker: typed section by section in the language's own order
 * (MM/DD/YYYY in English, DD/MM/YYYY in Arabic, right to left), or picked from the calendar; limited to SPEC §9's
 * 1900-01-01 – 2099-12-31 unless narrower. The value in and out stays the ISO date string ('' when empty), so forms
 * and API bodies do not change.
 *
 *   <DateField label=… value={from} onChange={setFrom} />                        // a filter or a dialog field
 *   <FormDateField control={form.control} name="birthDate" label=… />            // react-hook-form (zod message)
 *
 * This module (and MUI X with it) is loaded with the pages that show a date field, never in the first bundle.
 */
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useTranslation } from 'react-i18next';
import { DATE_MAX, DATE_MIN, DATE_OUT_OF_RANGE, fieldMessage, isIsoDate } from '@lbs/contracts';
import { messageTextIn } from '../../lib/field-message.ts';
import { spanSx, useFieldErrorText, type BaseProps } from '../form-fields.tsx';
import { pickerLocale } from './picker-locales.ts';

/** What the field hands on while a typed date is incomplete or impossible: not a date, so the schema refuses it. */
export const INCOMPLETE_DATE = 'incomplete';

const ISO = 'YYYY-MM-DD';
const toDayjs = (value: string | null | undefined): Dayjs | null =>
  value && isIsoDate(value) ? dayjs(value) : value ? dayjs('invalid') : null;

export interface DateFieldProps {
  /** `YYYY-MM-DD`, or '' / null when empty. */
  value: string | null | undefined;
  /** `YYYY-MM-DD`, '' when cleared, INCOMPLETE_DATE while the typed date is not a whole date. */
  onChange: (value: string) => void;
  label: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** An error of the form (already translated); the picker's own range and date checks show otherwise. */
  error?: string | undefined;
  helperText?: ReactNode;
  /** Narrower bounds than SPEC §9's (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function DateField({
  value,
  onChange,
  label,
  name,
  required,
  disabled,
  error,
  helperText,
  min = DATE_MIN,
  max = DATE_MAX,
  size,
  fullWidth,
  sx,
  onBlur,
  inputRef,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = pickerLocale(i18n.language);
  // The picker keeps what is typed (an incomplete date too); a new value from outside replaces it.
  const [picked, setPicked] = useState<Dayjs | null>(() => toDayjs(value));
  const emitted = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    setPicked(toDayjs(value));
  }, [value]);
  const [pickerError, setPickerError] = useState<DateValidationError>(null);
  const ownError =
    pickerError === 'minDate' || pickerError === 'maxDate'
      ? min === DATE_MIN && max === DATE_MAX
        ? DATE_OUT_OF_RANGE
        : fieldMessage('validation.dateOutOfRange', { min, max })
      : pickerError
        ? 'validation.invalid'
        : undefined;
  const shown = error ?? (ownError ? messageTextIn(t, i18n.language, ownError) : undefined);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.dayjs} localeText={locale.text}>
      <DatePicker
        label={label}
        value={picked}
        minDate={dayjs(min)}
        maxDate={dayjs(max)}
        disabled={disabled}
        inputRef={inputRef}
        onError={setPickerError}
        onChange={(next) => {
          setPicked(next);
          const iso = next === null ? '' : next.isValid() ? next.format(ISO) : INCOMPLETE_DATE;
          emitted.current = iso;
          onChange(iso);
        }}
        sx={sx}
        slotProps={{
          textField: {
            name,
            required,
            size,
            fullWidth,
            onBlur,
            error: Boolean(shown),
            helperText: shown ?? helperText,
          },
          field: { clearable: !required },
        }}
      />
    </LocalizationProvider>
  );
}

/** DateField bound to react-hook-form: '' ↔ null per the schema, its message under the field. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
}: BaseProps<T>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          name={field.name}
          label={label}
          required={required}
          disabled={disabled}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={errorText(fieldState.error?.message)}
          helperText={helperText}
          fullWidth
          sx={spanSx(span)}
        />
      )}
    />
  );
}
