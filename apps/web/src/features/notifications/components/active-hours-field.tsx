import { useController, type Control } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { spanSx } from '../../../components/form-fields.tsx';
import { TrackingWindowFields } from '../../../components/tracking-window-fields.tsx';
import { defaultActiveHours, type RuleFormValues } from '../model/rule-form.ts';

/**
 * When the rule notifies: at any hour (null), or only on these days between these times on this clock — the
 * tracking window's shape. An event outside them notifies nobody (the delivery log says "quiet hours").
 * Fields of a form section's grid.
 */
export function ActiveHoursField({
  control,
  disabled,
}: {
  control: Control<RuleFormValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'activeHours' });
  const limited = field.value !== null;
  return (
    <>
      <Box sx={spanSx(2)}>
        <FormControlLabel
          control={
            <Switch
              checked={limited}
              disabled={disabled}
              onChange={(_e, on) => field.onChange(on ? defaultActiveHours() : null)}
            />
          }
          label={t('notificationRules.field.activeHoursLimited')}
        />
        <FormHelperText>
          {limited ? t('notificationRules.field.activeHoursHint') : t('notificationRules.field.anyHour')}
        </FormHelperText>
      </Box>
      {limited && (
        <>
          <TrackingWindowFields
            control={control}
            name="activeHours"
            labels={{
              days: t('notificationRules.field.activeDays'),
              start: t('notificationRules.field.activeFrom'),
              end: t('notificationRules.field.activeUntil'),
              timezone: t('notificationRules.field.timezone'),
            }}
            timezoneSpan={2}
          />
        </>
      )}
    </>
  );
}
