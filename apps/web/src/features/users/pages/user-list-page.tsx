import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, ROLES, type User } from '@lbs/contracts';
import { SelectFilter, useOrgFilters } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { usersQueryOptions } from '../api/list-users.ts';
import { InvitationChip } from '../components/invitation-chip.tsx';
import { userListRouteId, useUserListCrumbs } from '../paths.ts';

const ACTIVE_FILTER = ['true', 'false'] as const;

/**
 * /user/list (CompanyAdmin, SPEC §2): its company's portal users; /operator/users (SuperAdmin): the operator's
 * directory of every portal user, with the company column and filter. The department/zone column and filter follow
 * the hierarchy mode (SPEC §4); designation, role and active filters; a row opens the details or edit page the role
 * may open.
 */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const superAdmin = role === 'SuperAdmin';
  const org = useOrgFilters({ company: t('org.fields.company'), designation: t('org.fields.designation') });
  const [roleFilter, setRoleFilter] = useUrlFilter('role');
  const [active, setActive] = useUrlFilter('active');
  const byZone = org.mode === 'ZONE';

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      { field: 'fullName', headerName: t('org.user.fields.fullName'), flex: 1.1, minWidth: 160 },
      {
        field: 'email',
        headerName: t('common.email'),
        flex: 1.3,
        minWidth: 190,
        // an address reads left to right and is cut at its end, also in Arabic
        renderCell: ({ value }) => (
          <Box
            component="span"
            dir="ltr"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {value as string}
          </Box>
        ),
      },
      {
        field: 'roles',
        headerName: t('org.user.fields.roles'),
        sortable: false,
        flex: 1.1,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', height: '100%' }}>
            {row.roles.map((r) => (
              <Chip key={r} size="small" label={t(`role.${r}`)} />
            ))}
          </Box>
        ),
      },
      ...(superAdmin
        ? [
            {
              field: 'companyName',
              headerName: t('org.fields.company'),
              flex: 1,
              minWidth: 150,
            } satisfies GridColDef<User>,
          ]
        : []),
      byZone
        ? { field: 'zoneName', headerName: t('org.fields.zone'), flex: 0.9, minWidth: 130 }
        : { field: 'departmentName', headerName: t('org.fields.department'), flex: 0.9, minWidth: 140 },
      { field: 'designationName', headerName: t('org.fields.designation'), flex: 0.9, minWidth: 140 },
      {
        field: 'active',
        headerName: t('org.user.fields.status'),
        minWidth: 100,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.active ? 'success' : 'default'}
            label={row.active ? t('org.user.active') : t('org.user.inactive')}
          />
        ),
      },
      {
        field: 'invitationStatus',
        headerName: t('org.user.fields.invitation'),
        sortable: false,
        minWidth: 140,
        renderCell: ({ row }) => (
          <InvitationChip status={row.invitationStatus} expiresAt={row.invitationExpiresAt} />
        ),
      },
    ],
    [t, superAdmin, byZone],
  );
  const title = t(`route.${userListRouteId(role)}`);
  // On the list itself its crumbs are plain text, and one that repeats the title is left out.
  const crumbs = useUserListCrumbs()
    .map(({ label }) => ({ label }))
    .filter(({ label }) => label !== title);

  return (
    <PageFrame
      title={title}
      crumbs={crumbs}
      actions={
        allowed('user', 'create') &&
        canOpenRouteId('userAdd', role) && (
          <Button component={RouterLink} to={pathFor('userAdd')} variant="contained" startIcon={<AddIcon />}>
            {t('route.userAdd')}
          </Button>
        )
      }
    >
      <ServerDataGrid<User>
        label={title}
        query={usersQueryOptions}
        exportList="users"
        columns={columns}
        defaultSort="fullName"
        filters={{ ...org.filters, role: roleFilter, active }}
        toolbar={
          <>
            {org.controls}
            <SelectFilter
              label={t('org.user.fields.role')}
              value={roleFilter}
              onChange={setRoleFilter}
              options={ROLES}
              optionLabel={(r) => t(`role.${r}`)}
              anyLabel={t('org.all')}
              minWidth={180}
            />
            <SelectFilter
              label={t('org.user.fields.status')}
              value={ACTIVE_FILTER.find((v) => v === active)}
              onChange={setActive}
              options={ACTIVE_FILTER}
              optionLabel={(v) => (v === 'true' ? t('org.user.active') : t('org.user.inactive'))}
              anyLabel={t('org.all')}
              minWidth={150}
            />
          </>
        }
        onRowClick={(row) => {
          const to = firstOpenablePath(role, ['userDetails', 'userEdit'], { id: row.id });
          if (to) void navigate(to);
        }}
        gridProps={{
          getRowHeight: () => 'auto',
          sx: { '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' } },
        }}
      />
    </PageFrame>
  );
}
