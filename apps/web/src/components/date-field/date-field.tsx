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
import { useEffect, useRef, useState, type ComponentType, type ReactNode, type Ref } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useTranslation } from 'react-i18next';
import { DATE_MAX, DATE_MIN, DATE_OUT_OF_RANGE, fieldMessage, isIsoDate } from '@lbs/contracts';
import { messageTextIn } from '../../lib/field-message.ts';
import { spanSx, useFieldErrorText, type BaseProps } from '../form-fields.tsx';
import { PickerAdapter, pickerLocale } from './picker-locales.ts';

/** What the field hands on while a typed date is incomplete or impossible: not a date, so the schema refuses it. */
export const INCOMPLETE_DATE = 'incomplete';

const ISO = 'YYYY-MM-DD';
const toDayjs = (value: string | null | undefined): Dayjs | null =>
  value && isIsoDate(value) ? dayjs(value) : value ? dayjs('invalid') : null;

/** What every picker field takes (date-field.tsx, time-field.tsx): its value and change as strings. */
export interface PickerFieldProps {
  /** The field's string ('' / null when empty). */
  value: string | null | undefined;
  /** The same shape, '' when cleared, or the field's own "incomplete" while the typed value is not whole. */
  onChange: (value: string) => void;
  label: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** An error of the form (already translated); the picker's own checks show otherwise. */
  error?: string | undefined;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

export interface DateFieldProps extends PickerFieldProps {
  /** Narrower bounds than SPEC §9's (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
}

/**
 * What a picker holds: what is typed (an incomplete value too) stays; a new value from outside replaces it. `pick`
 * takes the picker's value and the string handed on for it.
 */
export function usePickedValue(
  value: string | null | undefined,
  parse: (value: string | null | undefined) => Dayjs | null,
) {
  const [picked, setPicked] = useState<Dayjs | null>(() => parse(value));
  const emitted = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    setPicked(parse(value));
    // `parse` is a pure function of the value: the value alone says when to read it again.
  }, [value]);
  const pick = (next: Dayjs | null, text: string) => {
    setPicked(next);
    emitted.current = text;
  };
  return { picked, pick };
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
  const { picked, pick } = usePickedValue(value, toDayjs);
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
    <LocalizationProvider dateAdapter={PickerAdapter} adapterLocale={locale.dayjs} localeText={locale.text}>
      <DatePicker
        label={label}
        value={picked}
        minDate={dayjs(min)}
        maxDate={dayjs(max)}
        disabled={disabled}
        inputRef={inputRef}
        onError={setPickerError}
        onChange={(next) => {
          const iso = next === null ? '' : next.isValid() ? next.locale('en').format(ISO) : INCOMPLETE_DATE;
          pick(next, iso);
          onChange(iso);
        }}
        sx={sx}
        slotProps={pickerSlotProps({ name, required, size, fullWidth, onBlur, helperText }, shown)}
      />
    </LocalizationProvider>
  );
}

/** A picker's text field and field slots: the form's name, its message (or the picker's own) under it. */
export function pickerSlotProps(
  field: Pick<PickerFieldProps, 'name' | 'required' | 'size' | 'fullWidth' | 'onBlur' | 'helperText'>,
  shown: string | undefined,
) {
  return {
    textField: {
      name: field.name,
      required: field.required,
      size: field.size,
      fullWidth: field.fullWidth,
      onBlur: field.onBlur,
      error: Boolean(shown),
      helperText: shown ?? field.helperText,
    },
    field: { clearable: !field.required },
  };
}

/** A picker field bound to react-hook-form: '' ↔ null per the schema, its message under the field. */
export function FormPickerField<T extends FieldValues>({
  Field,
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
}: BaseProps<T> & { Field: ComponentType<PickerFieldProps> }) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
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

/** DateField bound to react-hook-form. */
export function FormDateField<T extends FieldValues>(props: BaseProps<T>) {
  return <FormPickerField Field={DateField} {...props} />;
}
