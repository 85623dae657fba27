import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, type Company, type OrgUnit } from '@lbs/contracts';
import { DetailsSection } from '../../../components/details-card.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import type { ListParams } from '../../../lib/api/list-query.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { orgUnitsQueryOptions } from '../../../shared-api/org-units/list-org-units.ts';

/** The units of a company shown on its details page: its departments and (zones enabled) its zones. */
type CompanyUnitKind = 'department' | 'zone';

const UNIT_ROUTES: Record<CompanyUnitKind, { list: string; add: string; open: readonly string[] }> = {
  department: {
    list: 'departmentList',
    add: 'departmentAdd',
    open: ['departmentDetails', 'departmentEdit'],
  },
  zone: { list: 'zoneList', add: 'zoneAdd', open: ['zoneDetails', 'zoneEdit'] },
};

/**
 * One kind of unit of the company: a server-paged grid (search, sort) of its name, description and MSISDN count;
 * a row opens the unit where the role may open it (a CompanyAdmin opens departments but no zone screen); "Add" where
 * the permission table and the route table allow it.
 */
function UnitsGrid({ kind, companyId }: { kind: CompanyUnitKind; companyId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const routes = UNIT_ROUTES[kind];
  const title = t(`route.${routes.list}`);
  // this company's units, whatever the grid's own filters
  const query = useCallback(
    ({ filters, ...params }: ListParams) =>
      orgUnitsQueryOptions(kind, { ...params, filters: { ...filters, companyId } }),
    [kind, companyId],
  );
  const columns = useMemo<GridColDef<OrgUnit>[]>(
    () => [
      { field: 'name', headerName: t('org.fields.name'), flex: 1, minWidth: 160 },
      {
        field: 'description',
        headerName: t('org.fields.description'),
        flex: 1.5,
        minWidth: 180,
        sortable: false,
      },
      { field: 'msisdnCount', headerName: t('org.fields.msisdnCount'), type: 'number', minWidth: 210 },
    ],
    [t],
  );
  const canOpenSome = routes.open.some((id) => canOpenRouteId(id, role));
  return (
    <DetailsSection title={title}>
      <Box data-units={kind}>
        <ServerDataGrid<OrgUnit>
          label={title}
          query={query}
          columns={columns}
          defaultSort="name"
          urlPrefix={`${kind}.`}
          toolbar={
            allowed(kind, 'create') &&
            canOpenRouteId(routes.add, role) && (
              <Button
                component={RouterLink}
                to={pathFor(routes.add)}
                variant="outlined"
                startIcon={<AddIcon />}
                sx={{ marginInlineStart: 'auto' }}
              >
                {t(`route.${routes.add}`)}
              </Button>
            )
          }
          onRowClick={
            canOpenSome
              ? (row) => {
                  const to = firstOpenablePath(role, routes.open, { id: row.id });
                  if (to) void navigate(to);
                }
              : undefined
          }
        />
      </Box>
    </DetailsSection>
  );
}

/** The company's departments and, where zones are enabled, its zones, each with its MSISDN count. */
export function CompanyUnitsSection({ company }: { company: Company }) {
  return (
    <>
      <UnitsGrid kind="department" companyId={company.id} />
      {company.config.zoneEnabled && <UnitsGrid kind="zone" companyId={company.id} />}
    </>
  );
}
