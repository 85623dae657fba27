import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../../components/details-card.tsx';
import { EntityDetailsPage, useListCrumb } from '../../../components/entity-pages.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteOrgUnit } from '../api/delete-org-unit.ts';
import { orgUnitQueryOptions } from '../api/get-org-unit.ts';
import { ORG_UNITS, type OrgUnitKind } from '../model/org-units.ts';

/** /department-details/{id}, /zone-details/{id}, /designation-details/{id}. */
export function OrgUnitDetailsPage({ kind }: { kind: OrgUnitKind }) {
  const { t, i18n } = useTranslation();
  const unit = ORG_UNITS[kind];
  return (
    <EntityDetailsPage
      detail={(id) => orgUnitQueryOptions(kind, id)}
      remove={useDeleteOrgUnit(kind)}
      routes={{ list: unit.routes.list, edit: unit.routes.edit }}
      title={t(`route.${unit.routes.details}`)}
      nameOf={(item) => item.name}
      crumbs={[useListCrumb(t(unit.area), unit.routes.list)]}
    >
      {(data) => (
        <DetailsList
          items={[
            { label: t('org.fields.name'), value: data.name },
            { label: t('org.fields.company'), value: data.companyName },
            { label: t('org.fields.description'), value: data.description, span: 2 },
            { label: t('org.fields.msisdnCount'), value: data.msisdnCount.toLocaleString(i18n.language) },
            { label: t('org.fields.createdAt'), value: formatDateTime(i18n.language, data.createdAt) },
            { label: t('org.fields.updatedAt'), value: formatDateTime(i18n.language, data.updatedAt) },
          ]}
        />
      )}
    </EntityDetailsPage>
  );
}
