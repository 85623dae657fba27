import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './form-fields.tsx';
import { ISO_WEEKDAYS, weekdayName } from '../lib/format.ts';

/** Days (a tracking window, a rule's active hours) as seven toggle chips in a fieldset named by its legend (ISO weekdays, Monday first); the value is the sorted day list. */
export function WeekdayChips<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  const { i18n } = useTranslation();
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const days = (field.value as number[] | undefined) ?? [];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ gridColumn: '1 / -1' }}>
            <FormLabel component="legend" sx={{ mb: 1, fontSize: 13 }}>
              {label}
            </FormLabel>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {ISO_WEEKDAYS.map((day) => {
                const on = days.includes(day);
                return (
                  <Chip
                    key={day}
                    label={weekdayName(i18n.language, day, 'short')}
                    title={weekdayName(i18n.language, day, 'long')}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    icon={on ? <CheckIcon /> : undefined}
                    aria-pressed={on}
                    onClick={() => {
                      field.onChange(
                        on ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b),
                      );
                      field.onBlur();
                    }}
                    sx={{ minWidth: 64 }}
                  />
                );
              })}
            </Box>
            {fieldState.error && <FormHelperText>{errorText(fieldState.error.message)}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
