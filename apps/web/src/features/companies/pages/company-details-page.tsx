import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, companySchema, type Company } from '@lbs/contracts';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { DetailsList, DetailsSection, QueryState } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useDeleteMutation, useDetailQuery } from '../../../lib/api/resource.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { countryName, formatDateTime, formatMoney, weekdayName } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { COMPANIES_PATH } from '../api/companies.ts';
import { CompanyStatusChip } from '../components/company-status-chip.tsx';

export function CompanyDetails({ company }: { company: Company }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { config, pricePlan } = company;
  const tw = config.trackingWindow;
  return (
    <>
      <DetailsList
        items={[
          { label: t('org.fields.name'), value: company.name },
          { label: t('org.company.fields.code'), value: company.code },
          { label: t('org.company.fields.status'), value: <CompanyStatusChip status={company.status} /> },
          { label: t('org.fields.country'), value: countryName(locale, company.country) },
          { label: t('org.company.fields.contactEmail'), value: company.contactEmail },
          {
            label: t('org.company.fields.contactPhone'),
            value: company.contactPhone && <bdi>{company.contactPhone}</bdi>,
          },
          { label: t('org.company.fields.city'), value: company.city },
          { label: t('org.fields.address'), value: company.address },
          { label: t('org.fields.createdAt'), value: formatDateTime(locale, company.createdAt) },
          { label: t('org.fields.updatedAt'), value: formatDateTime(locale, company.updatedAt) },
        ]}
      />
      <DetailsSection title={t('org.company.sections.config')}>
        <DetailsList
          items={[
            {
              label: t('org.company.fields.zoneEnabled'),
              value: config.zoneEnabled ? t('org.enabled') : t('org.disabled'),
            },
            {
              label: t('org.company.fields.trackingDays'),
              value: new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(
                tw.days.map((d) => weekdayName(locale, d, 'long')),
              ),
            },
            { label: t('org.company.trackingHours'), value: <bdi>{`${tw.start} – ${tw.end}`}</bdi> },
            { label: t('org.company.fields.timezone'), value: tw.timezone },
            {
              label: t('org.company.fields.pollInterval'),
              value: t('org.unit.everyMinutes', { count: config.pollIntervalMinutes }),
            },
            {
              label: t('org.company.fields.retentionDays'),
              value: t('org.unit.daysCount', { count: config.retentionDays }),
            },
          ]}
        />
      </DetailsSection>
      <DetailsSection title={t('org.company.sections.pricePlan')}>
        <DetailsList
          items={[
            { label: t('org.company.fields.currency'), value: pricePlan.currency },
            {
              label: t('org.company.fields.monthlyFee'),
              value: formatMoney(locale, pricePlan.monthlyFeePerMsisdn, pricePlan.currency),
            },
            {
              label: t('org.company.fields.feePerLocate'),
              value: formatMoney(locale, pricePlan.feePerLocate, pricePlan.currency),
            },
          ]}
        />
      </DetailsSection>
    </>
  );
}

/** /company-details/{id}: the company's fields, configuration and price plan; edit/delete for who may. */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const query = useDetailQuery(COMPANIES_PATH, id, companySchema);
  const remove = useDeleteMutation(COMPANIES_PATH);
  const company = query.data;

  return (
    <PageFrame
      title={company?.name ?? t('route.companyDetails')}
      crumbs={[
        {
          label: t('sidebar.company'),
          ...(canOpenRouteId('companyList', role) ? { to: pathFor('companyList') } : {}),
        },
      ]}
      actions={
        company && (
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            {allowed('company', 'update') && (
              <Button
                component={RouterLink}
                to={pathFor('companyEdit', { id: company.id })}
                variant="contained"
                startIcon={<EditIcon />}
              >
                {t('org.action.edit')}
              </Button>
            )}
            {allowed('company', 'delete') && (
              <DeleteButton
                name={company.name}
                onDelete={() => remove.mutateAsync(company.id)}
                onDeleted={() => {
                  notify(t('org.notice.deleted'));
                  void navigate(canOpenRouteId('companyList', role) ? pathFor('companyList') : '/');
                }}
              />
            )}
          </Box>
        )
      }
    >
      <QueryState query={query}>{(data) => <CompanyDetails company={data} />}</QueryState>
    </PageFrame>
  );
}
