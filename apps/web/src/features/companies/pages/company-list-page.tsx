import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { COMPANY_STATUSES, type Company } from '@lbs/contracts';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { countryName, formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { companiesQueryOptions } from '../api/list-companies.ts';
import { CompanyStatusChip } from '../components/company-status-chip.tsx';
import { companyListRouteId, useCompanyListCrumbs } from '../paths.ts';

const ZONE_FILTER = ['true', 'false'] as const;

/**
 * /company/list (CompanyAdmin, SPEC §2): its own company; /operator/companies (SuperAdmin): the operator's directory
 * of every company. Search, status and zones filters, server paging; a row opens the details or edit page the role
 * may open; Add Company where allowed.
 */
export function CompanyListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const [status, setStatus] = useUrlFilter('status');
  const [zoneEnabled, setZoneEnabled] = useUrlFilter('zoneEnabled');
  const locale = i18n.language;
  const title = t(`route.${companyListRouteId(role)}`);
  // On the list itself its crumbs are plain text, and one that repeats the title is left out.
  const crumbs = useCompanyListCrumbs()
    .map(({ label }) => ({ label }))
    .filter(({ label }) => label !== title);

  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      { field: 'name', headerName: t('org.fields.name'), flex: 1.4, minWidth: 180 },
      { field: 'code', headerName: t('org.company.fields.code'), flex: 0.7, minWidth: 110 },
      { field: 'city', headerName: t('org.company.fields.city'), flex: 0.8, minWidth: 110 },
      {
        field: 'country',
        headerName: t('org.fields.country'),
        flex: 1.2,
        minWidth: 170,
        valueFormatter: (value: string | null) => countryName(locale, value),
      },
      {
        field: 'zoneEnabled',
        headerName: t('org.company.fields.zoneEnabled'),
        sortable: false,
        minWidth: 130,
        valueGetter: (_value, row) => row.config.zoneEnabled,
        renderCell: ({ row }) =>
          row.config.zoneEnabled ? (
            <Chip size="small" label={t('org.enabled')} color="info" variant="outlined" />
          ) : (
            t('org.disabled')
          ),
      },
      {
        field: 'status',
        headerName: t('org.company.fields.status'),
        minWidth: 120,
        renderCell: ({ row }) => <CompanyStatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: t('org.fields.createdAt'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(locale, value),
      },
    ],
    [t, locale],
  );

  return (
    <PageFrame
      title={title}
      crumbs={crumbs}
      actions={
        allowed('company', 'create') && (
          <Button
            component={RouterLink}
            to={pathFor('companyAdd')}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('route.companyAdd')}
          </Button>
        )
      }
    >
      <ServerDataGrid<Company>
        label={title}
        query={companiesQueryOptions}
        exportList="companies"
        columns={columns}
        defaultSort="name"
        filters={{ status, zoneEnabled }}
        toolbar={
          <>
            <SelectFilter
              label={t('org.company.fields.status')}
              value={status}
              onChange={setStatus}
              options={COMPANY_STATUSES}
              optionLabel={(s) => t(`org.company.status.${s}`)}
              anyLabel={t('org.all')}
              minWidth={180}
            />
            <SelectFilter
              label={t('org.company.fields.zoneEnabled')}
              value={ZONE_FILTER.find((v) => v === zoneEnabled)}
              onChange={setZoneEnabled}
              options={ZONE_FILTER}
              optionLabel={(v) => (v === 'true' ? t('org.enabled') : t('org.disabled'))}
              anyLabel={t('org.all')}
              minWidth={180}
            />
          </>
        }
        onRowClick={(row) => {
          const to = firstOpenablePath(role, ['companyDetails', 'companyEdit'], { id: row.id });
          if (to) void navigate(to);
        }}
      />
    </PageFrame>
  );
}
