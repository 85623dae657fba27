import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { OrgUnit } from '@lbs/contracts';
import { EntityEditPage, useListCrumb } from '../../../components/entity-pages.tsx';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import { FormActions, FormGrid, FormTextField } from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { firstOpenablePath } from '../../../lib/route-links.ts';
import { useCreateOrgUnit } from '../api/create-org-unit.ts';
import { useDeleteOrgUnit } from '../api/delete-org-unit.ts';
import { orgUnitQueryOptions } from '../api/get-org-unit.ts';
import { useUpdateOrgUnit } from '../api/update-org-unit.ts';
import {
  ORG_UNIT_FORM_FIELDS,
  ORG_UNITS,
  orgUnitAddFormSchema,
  orgUnitAddFormSchemaSuperAdmin,
  orgUnitEditFormSchema,
  orgUnitToForm,
  type OrgUnitFormValues,
  type OrgUnitKind,
} from '../model/org-units.ts';

function OrgUnitForm({
  mode,
  companyName,
  defaultValues,
  onSubmit,
}: {
  mode: 'add' | 'edit';
  /** Shown read-only when the company is not chosen in the form. */
  companyName: string | null;
  defaultValues: OrgUnitFormValues;
  onSubmit: (values: OrgUnitFormValues, reset: () => void) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const pickCompany = mode === 'add' && role === 'SuperAdmin';
  const schema =
    mode === 'edit'
      ? orgUnitEditFormSchema
      : pickCompany
        ? orgUnitAddFormSchemaSuperAdmin
        : orgUnitAddFormSchema;
  const form = useForm<OrgUnitFormValues>({
    resolver: zodResolver(schema) as Resolver<OrgUnitFormValues>,
    defaultValues,
    mode: 'onTouched',
  });
  const { submit, problem, clearProblem } = useProblemSubmit(form, ORG_UNIT_FORM_FIELDS, (values) =>
    onSubmit(values, () => form.reset(defaultValues)),
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <FormGrid>
        {pickCompany ? (
          <FormEntitySelect
            control={form.control}
            name="companyId"
            kind="company"
            label={t('org.fields.company')}
            required
            span={2}
          />
        ) : (
          <TextField
            label={t('org.fields.company')}
            value={companyName ?? ''}
            disabled
            fullWidth
            sx={{ gridColumn: '1 / -1' }}
          />
        )}
        <FormTextField
          control={form.control}
          name="name"
          label={t('org.fields.name')}
          required
          autoFocus={!pickCompany}
          span={2}
        />
        <FormTextField
          control={form.control}
          name="description"
          label={t('org.fields.description')}
          multiline
          minRows={3}
          span={2}
        />
      </FormGrid>
      <FormActions
        submitLabel={mode === 'add' ? t('org.action.create') : t('org.action.save')}
        submitting={form.formState.isSubmitting}
        onCancel={() => void navigate(-1)}
      />
    </Box>
  );
}

function useCrumbs(kind: OrgUnitKind) {
  const { t } = useTranslation();
  const unit = ORG_UNITS[kind];
  return [useListCrumb(t(unit.area), unit.routes.list)];
}

/** /department/add, /zone/add, /designation/add. The SuperAdmin names the company; for others it is their own. */
export function OrgUnitAddPage({ kind }: { kind: OrgUnitKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { me, role } = useCurrentUser();
  const unit = ORG_UNITS[kind];
  const create = useCreateOrgUnit(kind);
  return (
    <PageFrame title={t(`route.${unit.routes.add}`)} crumbs={useCrumbs(kind)}>
      <OrgUnitForm
        mode="add"
        companyName={me.companyName}
        defaultValues={
          role === 'SuperAdmin'
            ? { companyId: null, name: '', description: '' }
            : { name: '', description: '' }
        }
        onSubmit={async (values, reset) => {
          const body =
            role === 'SuperAdmin' ? values : { name: values.name, description: values.description };
          const created: OrgUnit = await create.mutateAsync(body);
          notify(t(`org.${kind}.created`, { name: created.name }));
          // A CompanyAdmin adds zones but opens none of the zone screens: back to its company's details, which list
          // the zones; where neither is open to the role, stay here for the next one.
          const to =
            firstOpenablePath(role, [unit.routes.details, unit.routes.edit], { id: created.id }) ??
            firstOpenablePath(role, ['companyDetails'], { id: created.companyId });
          if (to) void navigate(to);
          else reset();
        }}
      />
    </PageFrame>
  );
}

/** /department-details/edit/{id}, /zone-details/edit/{id}, /designation-details/edit/{id}. */
export function OrgUnitEditPage({ kind }: { kind: OrgUnitKind }) {
  const { t } = useTranslation();
  const unit = ORG_UNITS[kind];
  return (
    <EntityEditPage
      detail={(id) => orgUnitQueryOptions(kind, id)}
      remove={useDeleteOrgUnit(kind)}
      update={useUpdateOrgUnit(kind)}
      routes={{ list: unit.routes.list, details: unit.routes.details }}
      title={t(`route.${unit.routes.edit}`)}
      nameOf={(item) => item.name}
      crumbs={useCrumbs(kind)}
    >
      {(data, save) => (
        <OrgUnitForm
          key={data.updatedAt}
          mode="edit"
          companyName={data.companyName}
          defaultValues={orgUnitToForm(data)}
          onSubmit={(values) => save({ name: values.name, description: values.description })}
        />
      )}
    </EntityEditPage>
  );
}
