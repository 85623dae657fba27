import { useTranslation } from 'react-i18next';
import type { Company } from '@lbs/contracts';
import { DetailsList, DetailsSection } from '../../../components/details-card.tsx';
import { EntityDetailsPage, useListCrumb } from '../../../components/entity-pages.tsx';
import { countryName, formatDateTime, formatMoney, weekdayName } from '../../../lib/format.ts';
import { useDeleteCompany } from '../api/delete-company.ts';
import { companyQueryOptions } from '../api/get-company.ts';
import { CompanyStatusChip } from '../components/company-status-chip.tsx';
import { CompanyUnitsSection } from '../components/company-units-section.tsx';
import { TariffsSection } from '../components/tariffs-section.tsx';

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
      <CompanyUnitsSection company={company} />
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
            {
              label: t('org.company.trackingHours'),
              // Start = end is the whole day (the tracking window's rule), not an empty window.
              value: tw.start === tw.end ? t('org.company.allDay') : <bdi>{`${tw.start} – ${tw.end}`}</bdi>,
            },
            { label: t('org.company.fields.timezone'), value: tw.timezone },
            {
              label: t('org.company.fields.pollInterval'),
              value: t('org.unit.everyMinutes', { count: config.pollIntervalMinutes }),
            },
            {
              label: t('org.company.fields.retentionDays'),
              value: t('org.unit.daysCount', { count: config.retentionDays }),
            },
            {
              label: t('org.company.fields.consentReminderDays'),
              value: config.consentReminderDays
                ? t('org.unit.daysCount', { count: config.consentReminderDays })
                : t('org.company.noReminders'),
            },
            {
              label: t('org.company.fields.consentPendingDays'),
              value: t('org.unit.daysCount', { count: config.consentPendingDays }),
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
      <TariffsSection companyId={company.id} currency={pricePlan.currency} />
    </>
  );
}

/** /company-details/{id}: the company's fields, its departments and zones, configuration, price plan and tariff versions; edit/delete for who may. */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  return (
    <EntityDetailsPage
      detail={companyQueryOptions}
      remove={useDeleteCompany()}
      routes={{ list: 'companyList', edit: 'companyEdit' }}
      title={t('route.companyDetails')}
      nameOf={(company) => company.name}
      crumbs={[useListCrumb(t('sidebar.company'), 'companyList')]}
    >
      {(data) => <CompanyDetails company={data} />}
    </EntityDetailsPage>
  );
}
