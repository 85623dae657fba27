import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, companySchema } from '@lbs/contracts';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import {
  useCreateMutation,
  useDeleteMutation,
  useDetailQuery,
  useUpdateMutation,
} from '../../../lib/api/resource.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { COMPANIES_PATH, companyToForm, emptyCompanyForm } from '../api/companies.ts';
import { CompanyForm } from '../components/company-form.tsx';

function useCrumbs() {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  return [
    {
      label: t('sidebar.company'),
      ...(canOpenRouteId('companyList', role) ? { to: pathFor('companyList') } : {}),
    },
  ];
}

/** /company/add (SuperAdmin). After saving: the company's details, or its edit page where details are not allowed. */
export function CompanyAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const create = useCreateMutation(COMPANIES_PATH, companySchema);
  return (
    <PageFrame title={t('route.companyAdd')} crumbs={useCrumbs()}>
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

/** /company-details/edit/{id} (SuperAdmin): the whole form goes as the PATCH body. */
export function CompanyEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const query = useDetailQuery(COMPANIES_PATH, id, companySchema);
  const update = useUpdateMutation(COMPANIES_PATH, companySchema);
  const remove = useDeleteMutation(COMPANIES_PATH);
  const company = query.data;
  return (
    <PageFrame
      title={company ? `${t('route.companyEdit')}: ${company.name}` : t('route.companyEdit')}
      crumbs={useCrumbs()}
      actions={
        company &&
        allowed('company', 'delete') && (
          <Box>
            <DeleteButton
              name={company.name}
              onDelete={() => remove.mutateAsync(company.id)}
              onDeleted={() => {
                notify(t('org.notice.deleted'));
                void navigate(canOpenRouteId('companyList', role) ? pathFor('companyList') : '/');
              }}
            />
          </Box>
        )
      }
    >
      <QueryState query={query}>
        {(data) => (
          <CompanyForm
            key={data.updatedAt}
            defaultValues={companyToForm(data)}
            submitLabel={t('org.action.save')}
            onCancel={() => void navigate(-1)}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: data.id, body: values });
              notify(t('org.notice.saved'));
              const details = firstOpenablePath(role, ['companyDetails'], { id: saved.id });
              if (details) void navigate(details);
            }}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
