/**
 * The list filter that follows the hierarchy mode (SPEC §4, lib/hierarchy.ts): a department filter in DEPARTMENT
 * mode, a zone filter in ZONE mode. The choice is kept in the URL (`?departmentId=` / `?zoneId=`); only the
 * current mode's id goes to the server.
 *
 *   const hierarchy = useHierarchyFilter({ companyId });      // companyId: narrow the options (SuperAdmin filter)
 *   <ServerDataGrid filters={{ ...hierarchy.filters, designationId }} toolbar={<>{hierarchy.control}…</>} … />
 *
 * Used by useOrgFilters (list-filters.tsx), the organisation filters of the user and MSISDN lists.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HierarchyMode } from '@lbs/contracts';
import { useHierarchy } from '../lib/hierarchy.ts';
import { EntitySelect } from './entity-select.tsx';
import { useUrlIdFilter } from './server-data-grid.tsx';

export interface HierarchyFilter {
  mode: HierarchyMode;
  /** `{ departmentId }` in DEPARTMENT mode, `{ zoneId }` in ZONE mode (null: no filter). */
  filters: { departmentId?: number | null; zoneId?: number | null };
  control: ReactNode;
}

export function useHierarchyFilter({ companyId }: { companyId?: number | null } = {}): HierarchyFilter {
  const { t } = useTranslation();
  const { mode } = useHierarchy();
  const [departmentId, setDepartmentId] = useUrlIdFilter('departmentId');
  const [zoneId, setZoneId] = useUrlIdFilter('zoneId');
  if (mode === 'ZONE') {
    return {
      mode,
      filters: { zoneId },
      control: (
        <EntitySelect
          kind="zone"
          value={zoneId}
          onChange={setZoneId}
          companyId={companyId}
          label={t('org.fields.zone')}
          size="small"
        />
      ),
    };
  }
  return {
    mode,
    filters: { departmentId },
    control: (
      <EntitySelect
        kind="department"
        value={departmentId}
        onChange={setDepartmentId}
        companyId={companyId}
        label={t('org.fields.department')}
        size="small"
      />
    ),
  };
}
