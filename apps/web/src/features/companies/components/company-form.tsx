import { useMemo } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_STATUSES,
  POLL_INTERVAL_MINUTES_MAX,
  POLL_INTERVAL_MINUTES_MIN,
  RETENTION_DAYS_MAX,
  CONSENT_PENDING_DAYS_MAX,
  CONSENT_PENDING_DAYS_MIN,
  CONSENT_REMINDER_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from '@lbs/contracts';
import {
  FormActions,
  FormAutocompleteField,
  FormCountryField,
  FormGrid,
  FormNumberField,
  FormSection,
  FormSelectField,
  FormSwitchField,
  FormTextField,
} from '../../../components/form-fields.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { currencies } from '../../../lib/format.ts';
import {
  COMPANY_FORM_FIELDS,
  companyFormSchema,
  type CompanyFormInput,
  type CompanyFormOutput,
} from '../model/company-form.ts';
import { TrackingWindowFields } from '../../../components/tracking-window-fields.tsx';

/** A whole number of days (retention, consent reminders and waits), required, with its unit after it. */
function DaysField({
  control,
  name,
  label,
  helperText,
  min,
  max,
}: {
  control: Control<CompanyFormInput>;
  name: 'config.retentionDays' | 'config.consentReminderDays' | 'config.consentPendingDays';
  label: string;
  helperText?: string;
  min: number;
  max: number;
}) {
  const { t } = useTranslation();
  return (
    <FormNumberField
      control={control}
      name={name}
      label={label}
      helperText={helperText}
      min={min}
      max={max}
      required
      endAdornment={<InputAdornment position="end">{t('org.unit.days')}</InputAdornment>}
    />
  );
}

/** Company add/edit form: identity and contact, configuration (zones, tracking window, polling, retention), price plan. */
export function CompanyForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: CompanyFormInput;
  submitLabel: string;
  onSubmit: (values: CompanyFormOutput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control } = form;
  const currencyCodes = useMemo(currencies, []);

  const { submit, problem, clearProblem } = useProblemSubmit(form, COMPANY_FORM_FIELDS, onSubmit);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <FormGrid>
        <FormTextField control={control} name="name" label={t('org.fields.name')} required autoFocus />
        <FormTextField
          control={control}
          name="code"
          label={t('org.company.fields.code')}
          required
          helperText={t('org.company.codeHint')}
        />
        <FormSelectField
          control={control}
          name="status"
          label={t('org.company.fields.status')}
          options={COMPANY_STATUSES.map((status) => ({
            value: status,
            label: t(`org.company.status.${status}`),
          }))}
        />
        <FormTextField
          control={control}
          name="contactEmail"
          type="email"
          label={t('org.company.fields.contactEmail')}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="contactPhone"
          type="tel"
          label={t('org.company.fields.contactPhone')}
          helperText={t('org.fields.phoneHint')}
        />
        <FormCountryField control={control} name="country" label={t('org.fields.country')} />
        <FormTextField control={control} name="city" label={t('org.company.fields.city')} />
        <FormTextField control={control} name="address" label={t('org.fields.address')} />

        <FormSection title={t('org.company.sections.config')}>
          <FormSwitchField
            control={control}
            name="config.zoneEnabled"
            label={t('org.company.fields.zoneEnabled')}
            helperText={t('org.company.zoneEnabledHint')}
            span={2}
          />
          <TrackingWindowFields
            control={control}
            name="config.trackingWindow"
            labels={{
              days: t('org.company.fields.trackingDays'),
              start: t('org.company.fields.trackingStart'),
              end: t('org.company.fields.trackingEnd'),
              timezone: t('org.company.fields.timezone'),
            }}
          />
          <FormNumberField
            control={control}
            name="config.pollIntervalMinutes"
            label={t('org.company.fields.pollInterval')}
            min={POLL_INTERVAL_MINUTES_MIN}
            max={POLL_INTERVAL_MINUTES_MAX}
            required
            endAdornment={<InputAdornment position="end">{t('org.unit.minutes')}</InputAdornment>}
          />
          <DaysField
            control={control}
            name="config.retentionDays"
            label={t('org.company.fields.retentionDays')}
            min={RETENTION_DAYS_MIN}
            max={RETENTION_DAYS_MAX}
          />
          <DaysField
            control={control}
            name="config.consentReminderDays"
            label={t('org.company.fields.consentReminderDays')}
            helperText={t('org.company.fields.consentReminderHelp')}
            min={0}
            max={CONSENT_REMINDER_DAYS_MAX}
          />
          <DaysField
            control={control}
            name="config.consentPendingDays"
            label={t('org.company.fields.consentPendingDays')}
            min={CONSENT_PENDING_DAYS_MIN}
            max={CONSENT_PENDING_DAYS_MAX}
          />
        </FormSection>

        <FormSection title={t('org.company.sections.pricePlan')}>
          <FormAutocompleteField
            control={control}
            name="pricePlan.currency"
            label={t('org.company.fields.currency')}
            options={currencyCodes}
            required
          />
          <Box />
          <FormNumberField
            control={control}
            name="pricePlan.monthlyFeePerMsisdn"
            label={t('org.company.fields.monthlyFee')}
            min={0}
            step="any"
            required
          />
          <FormNumberField
            control={control}
            name="pricePlan.feePerLocate"
            label={t('org.company.fields.feePerLocate')}
            min={0}
            step="any"
            required
          />
        </FormSection>
      </FormGrid>
      <FormActions submitLabel={submitLabel} submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </Box>
  );
}
