import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EntityEditPage } from '../../../components/entity-pages.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { firstOpenablePath } from '../../../lib/route-links.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useDeleteCompany } from '../api/delete-company.ts';
import { companyQueryOptions } from '../api/get-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyForm } from '../components/company-form.tsx';
import { TariffsSection } from '../components/tariffs-section.tsx';
import { companyToForm, emptyCompanyForm } from '../model/company-form.ts';
import { companyListRouteId, useCompanyListCrumbs } from '../paths.ts';

/** /company/add (SuperAdmin). After saving: the company's details, or its edit page where details are not allowed. */
export function CompanyAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const create = useCreateCompany();
  return (
    <PageFrame title={t('route.companyAdd')} crumbs={useCompanyListCrumbs()}>
      <CompanyForm
        defaultValues={emptyCompanyForm()}
        submitLabel={t('org.action.create')}
        onCancel={() => void navigate(-1)}
        onSubmit={async (values) => {
          const company = await create.mutateAsync(values);
          notify(t('org.company.created'));
          void navigate(
            firstOpenablePath(role, ['companyDetails', 'companyEdit'], { id: company.id }) ?? '/',
          );
        }}
      />
    </PageFrame>
  );
}

/**
 * /company-details/edit/{id} (SuperAdmin): the whole form goes as the PATCH body; below it the company's tariff
 * versions, with "Add tariff version".
 */
export function CompanyEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  return (
    <EntityEditPage
      detail={companyQueryOptions}
      remove={useDeleteCompany()}
      update={useUpdateCompany()}
      routes={{ list: companyListRouteId(role), details: 'companyDetails' }}
      title={t('route.companyEdit')}
      nameOf={(company) => company.name}
      crumbs={useCompanyListCrumbs()}
      actions={(_company, deleteButton) => deleteButton && <Box>{deleteButton}</Box>}
    >
      {(data, save) => (
        <>
          <CompanyForm
            key={data.updatedAt}
            defaultValues={companyToForm(data)}
            submitLabel={t('org.action.save')}
            onCancel={() => void navigate(-1)}
            onSubmit={save}
          />
          <TariffsSection companyId={data.id} currency={data.pricePlan.currency} />
        </>
      )}
    </EntityEditPage>
  );
}
