import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { msisdnCreateSchema, type MsisdnCreateBody } from '@lbs/contracts';
import type { z } from 'zod';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import {
  FormActions,
  FormGrid,
  FormSection,
  FormSwitchField,
  FormTextField,
} from '../../../components/form-fields.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { useCompanyHasZones } from '../../../shared-api/org-lookups/company-has-zones.ts';

export type MsisdnFormInput = z.input<typeof msisdnCreateSchema>;
export type MsisdnFormValues = MsisdnCreateBody;

const FIELDS = [
  'companyId',
  'msisdn',
  'employeeName',
  'employeeCode',
  'email',
  'departmentId',
  'zoneId',
  'designationId',
  'trackingEnabled',
] as const satisfies readonly (keyof MsisdnFormInput)[];

/**
 * The add and edit form of an employee MSISDN, validated by the contracts create schema (the same rules as the
 * server). Adding: the company first, then its department, zone and designation. Editing: the company is fixed, and
 * the number itself is editable only for whoever may change it (`numberEditable`).
 */
export function MsisdnForm({
  mode,
  defaultValues,
  companyName,
  numberEditable,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  defaultValues: DefaultValues<MsisdnFormInput>;
  /** Edit: the number's company, shown read-only. */
  companyName?: string;
  numberEditable: boolean;
  submitLabel: string;
  onSubmit: (values: MsisdnFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<MsisdnFormInput, unknown, MsisdnFormValues>({
    resolver: zodResolver(msisdnCreateSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const companyId = useWatch({ control: form.control, name: 'companyId' }) as number | null | undefined;
  const zoneId = useWatch({ control: form.control, name: 'zoneId' });
  const number = useWatch({ control: form.control, name: 'msisdn' });
  const hasZones = useCompanyHasZones(companyId);
  const companyChosen = Boolean(companyId);
  const unitHelp = companyChosen ? undefined : t('msisdns.form.chooseCompanyFirst');

  const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, onSubmit);

  const clearUnits = () => {
    form.setValue('departmentId', null as unknown as number);
    form.setValue('zoneId', null);
    form.setValue('designationId', null as unknown as number);
  };

  const renumbering = mode === 'edit' && numberEditable && number !== defaultValues.msisdn;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <FormGrid>
        <FormSection title={t('msisdns.section.employee')}>
          <FormTextField
            control={form.control}
            name="msisdn"
            label={t('msisdns.field.msisdn')}
            required
            disabled={!numberEditable}
            type="tel"
            autoComplete="off"
            helperText={
              !numberEditable
                ? t('msisdn.numberChangeForbidden')
                : renumbering
                  ? t('msisdns.form.numberChangeWarning')
                  : t('msisdns.form.numberHelp')
            }
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
          />
          <FormTextField
            control={form.control}
            name="employeeName"
            label={t('msisdns.field.employeeName')}
            required
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            name="employeeCode"
            label={t('msisdns.field.employeeCode')}
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            name="email"
            label={t('msisdns.field.email')}
            type="email"
            autoComplete="off"
          />
        </FormSection>
        <FormSection title={t('msisdns.section.organisation')}>
          {mode === 'create' ? (
            <FormEntitySelect
              control={form.control}
              name="companyId"
              kind="company"
              label={t('msisdns.field.company')}
              required
              onPicked={clearUnits}
              span={2}
            />
          ) : (
            // The company of a number never changes (and not every role may read the companies list).
            <TextField
              label={t('msisdns.field.company')}
              value={companyName ?? ''}
              disabled
              fullWidth
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
          <FormEntitySelect
            control={form.control}
            name="departmentId"
            kind="department"
            companyId={companyId}
            label={t('msisdns.field.department')}
            required
            disabled={!companyChosen}
            helperText={unitHelp}
          />
          <FormEntitySelect
            control={form.control}
            name="designationId"
            kind="designation"
            companyId={companyId}
            label={t('msisdns.field.designation')}
            required
            disabled={!companyChosen}
            helperText={unitHelp}
          />
          {(hasZones || zoneId != null) && (
            <FormEntitySelect
              control={form.control}
              name="zoneId"
              kind="zone"
              companyId={companyId}
              label={t('msisdns.field.zone')}
              disabled={!companyChosen}
            />
          )}
        </FormSection>
        <FormSection title={t('msisdns.section.consent')}>
          <FormSwitchField
            control={form.control}
            name="trackingEnabled"
            label={t('msisdns.field.tracking')}
            helperText={t('msisdns.tracking.help')}
            span={2}
          />
        </FormSection>
      </FormGrid>
      <FormActions
        submitLabel={submitLabel}
        cancelLabel={t('msisdns.action.cancel')}
        submitting={form.formState.isSubmitting}
        onCancel={onCancel}
      />
    </Box>
  );
}
