import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@lbs/contracts';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import {
  FormActions,
  FormCountryField,
  FormGrid,
  FormMultiSelectField,
  FormSection,
  FormSwitchField,
  FormTextField,
} from '../../../components/form-fields.tsx';
import { FormDateField } from '../../../components/date-field/date-field.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { useZonesEnabled } from '../../../shared-api/org-lookups/company-zones-enabled.ts';
import {
  USER_FORM_FIELDS,
  userFormSchema,
  type UserFormInput,
  type UserFormOutput,
} from '../model/user-form.ts';

/**
 * Portal user add/edit (SuperAdmin). Department, zone and designation are chosen within the chosen company; the
 * role rules (a Company Admin needs a company, a Department Admin a department…) come back as field errors.
 */
export function UserForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: UserFormInput;
  submitLabel: string;
  onSubmit: (values: UserFormOutput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(userFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control } = form;
  const companyId = useWatch({ control, name: 'companyId' }) ?? null;
  const zonesEnabled = useZonesEnabled(companyId);
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }));

  const { submit, problem, clearProblem } = useProblemSubmit(form, USER_FORM_FIELDS, onSubmit);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <FormGrid>
        <FormTextField
          control={control}
          name="fullName"
          label={t('org.user.fields.fullName')}
          required
          autoFocus
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="username"
          label={t('org.user.fields.username')}
          required
          helperText={t('org.user.usernameHint')}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('common.email')}
          required
          helperText={t('org.user.emailHint')}
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="phoneNo"
          type="tel"
          label={t('org.user.fields.phoneNo')}
          helperText={t('org.fields.phoneHint')}
        />
        <FormDateField control={control} name="birthDate" label={t('org.user.fields.birthDate')} />
        <FormCountryField control={control} name="country" label={t('org.fields.country')} />
        <FormTextField control={control} name="address" label={t('org.fields.address')} span={2} />

        <FormSection title={t('org.user.sections.access')}>
          <FormMultiSelectField
            control={control}
            name="roles"
            label={t('org.user.fields.roles')}
            options={roleOptions}
            required
            helperText={t('org.user.rolesHint')}
            span={2}
          />
          <FormEntitySelect
            control={control}
            name="companyId"
            kind="company"
            label={t('org.fields.company')}
            onPicked={() => {
              form.setValue('departmentId', null);
              form.setValue('zoneId', null);
              form.setValue('designationId', null);
            }}
          />
          <FormEntitySelect
            control={control}
            name="designationId"
            kind="designation"
            companyId={companyId}
            disabled={companyId === null}
            label={t('org.fields.designation')}
          />
          <FormEntitySelect
            control={control}
            name="departmentId"
            kind="department"
            companyId={companyId}
            disabled={companyId === null}
            label={t('org.fields.department')}
          />
          <FormEntitySelect
            control={control}
            name="zoneId"
            kind="zone"
            companyId={companyId}
            disabled={companyId === null || zonesEnabled === false}
            helperText={zonesEnabled === false ? t('org.zonesDisabled') : undefined}
            label={t('org.fields.zone')}
          />
          <FormSwitchField
            control={control}
            name="active"
            label={t('org.user.fields.active')}
            helperText={t('org.user.activeHint')}
            span={2}
          />
        </FormSection>
        <FormTextField
          control={control}
          name="notes"
          label={t('org.user.fields.notes')}
          multiline
          minRows={3}
          span={2}
        />
      </FormGrid>
      <FormActions submitLabel={submitLabel} submitting={form.formState.isSubmitting} onCancel={onCancel} />
    </Box>
  );
}
