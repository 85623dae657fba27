import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, type OrgUnit } from '@lbs/contracts';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlIdFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { orgUnitsQueryOptions } from '../../../shared-api/org-units/list-org-units.ts';
import { ORG_UNITS, type OrgUnitKind } from '../model/org-units.ts';

/** /department/list, /zone/list, /designation/list: the units in scope; a SuperAdmin filters by company. */
export function OrgUnitListPage({ kind }: { kind: OrgUnitKind }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const unit = ORG_UNITS[kind];
  const superAdmin = role === 'SuperAdmin';
  const [companyId, setCompanyId] = useUrlIdFilter('companyId');
  const locale = i18n.language;

  const columns = useMemo<GridColDef<OrgUnit>[]>(
    () => [
      { field: 'name', headerName: t('org.fields.name'), flex: 1, minWidth: 180 },
      {
        field: 'description',
        headerName: t('org.fields.description'),
        flex: 1.6,
        minWidth: 200,
        sortable: false,
      },
      ...(superAdmin
        ? [
            {
              field: 'companyName',
              headerName: t('org.fields.company'),
              flex: 1,
              minWidth: 160,
            } satisfies GridColDef<OrgUnit>,
          ]
        : []),
      { field: 'msisdnCount', headerName: t('org.fields.msisdnCount'), type: 'number', minWidth: 130 },
      {
        field: 'updatedAt',
        headerName: t('org.fields.updatedAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(locale, value),
      },
    ],
    [t, locale, superAdmin],
  );
  const title = t(`route.${unit.routes.list}`);

  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t(unit.area) }]}
      actions={
        allowed(kind, 'create') &&
        canOpenRouteId(unit.routes.add, role) && (
          <Button
            component={RouterLink}
            to={pathFor(unit.routes.add)}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t(`route.${unit.routes.add}`)}
          </Button>
        )
      }
    >
      <ServerDataGrid<OrgUnit>
        label={title}
        query={(params) => orgUnitsQueryOptions(kind, params)}
        exportList={`${kind}s`}
        columns={columns}
        defaultSort="name"
        filters={{ companyId: superAdmin ? companyId : undefined }}
        toolbar={
          superAdmin && (
            <EntitySelect
              kind="company"
              value={companyId}
              onChange={setCompanyId}
              label={t('org.fields.company')}
              size="small"
            />
          )
        }
        onRowClick={(row) => {
          const to = firstOpenablePath(role, [unit.routes.details, unit.routes.edit], { id: row.id });
          if (to) void navigate(to);
        }}
      />
    </PageFrame>
  );
}
