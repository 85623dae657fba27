/**
 * react-hook-form + MUI fields that show translated errors. Every error message is a MESSAGES key (the contracts
 * zod schemas and the server's `errors[].code` use the same keys), so the field shows t(key).
 *
 * Usage:
 *   const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues });
 *   <FormGrid>
 *     <FormTextField control={form.control} name="name" label={t('org.fields.name')} required />
 *     <FormNumberField control={form.control} name="config.pollIntervalMinutes" label=… min={1} max={1440} />
 *     <FormSelectField control={form.control} name="status" label=… options={[{ value: 'ACTIVE', label: t(…) }]} />
 *     <FormMultiSelectField control={form.control} name="roles" label=… options={…} />
 *     <FormSwitchField control={form.control} name="active" label=… />
 *     <FormDateField control={form.control} name="birthDate" label=… />            // date-field/date-field.tsx (MUI X, lazy)
 *     <FormAutocompleteField control={form.control} name="config.trackingWindow.timezone" options={zones} label=… />
 *     <FormCountryField control={form.control} name="country" label=… />            // ISO code, names in the UI language
 *     <FormTextField … multiline minRows={3} span={2} />                           // span 2: full row of the grid
 *   </FormGrid>
 *   <FormActions submitLabel={t('org.action.save')} submitting={isSubmitting} onCancel={() => navigate(-1)} />
 *
 * Text values: '' stands for "empty" (the schemas turn '' into null). Numbers: an empty box is NaN (the schema says
 * which message). Company/department/zone/designation pickers: FormEntitySelect in entity-select.tsx.
 */
import { useMemo, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { allCountryCodes } from '../lib/country-codes.ts';
import { messageTextIn } from '../lib/field-message.ts';
import { countryName } from '../lib/format.ts';

/**
 * react-hook-form focuses the first invalid field through its ref; MUI's Select hands out a focus() that fails once
 * the field is gone (the user left the page), so the ref given to the form only ever focuses a live element.
 */
type Focusable = HTMLElement | { node?: HTMLElement | null; focus: () => void };

export function focusRef(ref: (instance: { focus: () => void } | null) => void) {
  return (instance: Focusable | null) => {
    if (!instance) return ref(null);
    const node = instance instanceof HTMLElement ? instance : instance.node;
    ref({ focus: () => node?.isConnected && instance.focus() });
  };
}

/**
 * A field message (a key, with the values it names: `validation.tooLong?max=120`) → its text in the user's language
 * ("At most 120 characters"); anything else is shown as it is.
 */
export function useFieldErrorText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (message) => (message ? messageTextIn(t, i18n.language, message) : undefined);
}

/** What every form field of these takes. */
export interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** Columns taken in a FormGrid (2 = the whole row). */
  span?: 1 | 2;
}

export const spanSx = (span: 1 | 2 | undefined) => (span === 2 ? { gridColumn: '1 / -1' } : undefined);

/**
 * The props every boxed field takes from react-hook-form and its own props alike: name, blur, label, required,
 * disabled, the translated error (or the help text), full width in its grid column(s). Value, change and ref are the
 * field's own.
 */
function boxedFieldProps<T extends FieldValues>(
  { field, fieldState }: { field: ControllerRenderProps<T, FieldPath<T>>; fieldState: ControllerFieldState },
  { label, required, disabled, helperText, span }: Omit<BaseProps<T>, 'control' | 'name'>,
  errorText: (message: string | undefined) => string | undefined,
) {
  return {
    name: field.name,
    onBlur: field.onBlur,
    label,
    required,
    disabled,
    error: Boolean(fieldState.error),
    helperText: errorText(fieldState.error?.message) ?? helperText,
    fullWidth: true,
    sx: spanSx(span),
  };
}

type TextProps<T extends FieldValues> = BaseProps<T> &
  Omit<
    TextFieldProps,
    'name' | 'value' | 'onChange' | 'onBlur' | 'label' | 'error' | 'helperText' | 'required' | 'disabled'
  >;

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
  type,
  slotProps,
  ...rest
}: TextProps<T>) {
  const errorText = useFieldErrorText();
  const shrink = type === 'date' || type === 'time' ? { shrink: true } : undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => (
        <TextField
          {...rest}
          {...boxedFieldProps(state, { label, required, disabled, helperText, span }, errorText)}
          type={type}
          inputRef={state.field.ref}
          value={(state.field.value as string | null | undefined) ?? ''}
          onChange={(event) => state.field.onChange(event.target.value)}
          slotProps={{
            ...slotProps,
            inputLabel: { ...shrink, ...(slotProps?.inputLabel as object | undefined) },
          }}
        />
      )}
    />
  );
}

export function FormNumberField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
  min,
  max,
  step,
  endAdornment,
}: BaseProps<T> & { min?: number; max?: number; step?: number | 'any'; endAdornment?: ReactNode }) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => {
        const { field } = state;
        const value = field.value as number | null | undefined;
        return (
          <TextField
            {...boxedFieldProps(state, { label, required, disabled, helperText, span }, errorText)}
            type="number"
            inputRef={field.ref}
            value={value === null || value === undefined || Number.isNaN(value) ? '' : value}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
            }
            slotProps={{
              htmlInput: { min, max, step: step ?? 1, inputMode: 'decimal' },
              input: endAdornment ? { endAdornment } : undefined,
            }}
          />
        );
      }}
    />
  );
}

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
}

export function FormSelectField<T extends FieldValues, V extends string | number = string>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
  options,
}: BaseProps<T> & { options: readonly SelectOption<V>[] }) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => (
        <TextField
          {...boxedFieldProps(state, { label, required, disabled, helperText, span }, errorText)}
          select
          inputRef={focusRef(state.field.ref)}
          value={(state.field.value as V | null | undefined) ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            const option = options.find((o) => String(o.value) === raw);
            state.field.onChange(option ? option.value : raw);
          }}
        >
          {options.map((option) => (
            <MenuItem key={String(option.value)} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Several values (e.g. roles), shown as chips. */
export function FormMultiSelectField<T extends FieldValues, V extends string | number = string>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
  options,
}: BaseProps<T> & { options: readonly SelectOption<V>[] }) {
  const errorText = useFieldErrorText();
  const labelOf = (value: V) => options.find((o) => o.value === value)?.label ?? String(value);
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => (
        <TextField
          {...boxedFieldProps(state, { label, required, disabled, helperText, span }, errorText)}
          select
          inputRef={focusRef(state.field.ref)}
          value={(state.field.value as V[] | undefined) ?? []}
          onChange={(event) => {
            const raw = event.target.value as unknown as (string | V)[];
            state.field.onChange(
              raw.map((v) => options.find((o) => String(o.value) === String(v))?.value ?? v),
            );
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as V[]).map((value) => (
                    <Chip key={String(value)} label={labelOf(value)} size="small" />
                  ))}
                </Box>
              ),
            },
          }}
        >
          {options.map((option) => (
            <MenuItem key={String(option.value)} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function FormSwitchField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  helperText,
  span,
}: Omit<BaseProps<T>, 'required'>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} sx={{ justifyContent: 'center', ...spanSx(span) }}>
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(_e, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                disabled={disabled}
              />
            }
            label={label}
          />
          {(fieldState.error || helperText) && (
            <FormHelperText>{errorText(fieldState.error?.message) ?? helperText}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

/** Pick one of many strings (time zones, countries, currencies) with type-ahead. */
export function FormAutocompleteField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  span,
  options,
  getOptionLabel,
}: BaseProps<T> & { options: readonly string[]; getOptionLabel?: (option: string) => string }) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={(field.value as string | null | undefined) || null}
          onChange={(_event, value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={getOptionLabel}
          disabled={disabled}
          autoHighlight
          sx={spanSx(span)}
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              label={label}
              required={required}
              error={Boolean(fieldState.error)}
              helperText={errorText(fieldState.error?.message) ?? helperText}
            />
          )}
        />
      )}
    />
  );
}

/** An ISO 3166-1 country, listed and labelled in the interface language ("Italy (IT)"); the value is the code. */
export function FormCountryField<T extends FieldValues>(props: BaseProps<T>) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const countries = useMemo(
    () =>
      [...allCountryCodes()].sort((a, b) =>
        countryName(locale, a).localeCompare(countryName(locale, b), locale),
      ),
    [locale],
  );
  return (
    <FormAutocompleteField
      {...props}
      options={countries}
      getOptionLabel={(code) => (code ? `${countryName(locale, code)} (${code})` : '')}
    />
  );
}

// Layout helpers live in form-layout.tsx; re-exported so one import serves a whole form.
export { FormActions, FormGrid, FormSection } from './form-layout.tsx';
