/**
 * Filters of the list pages' toolbars (ServerDataGrid `toolbar`), their values kept in the URL by the page.
 *
 *   const org = useOrgFilters({ company: t('org.fields.company'), designation: t('org.fields.designation') });
 *   const [role, setRole] = useUrlFilter('role');
 *   <ServerDataGrid filters={{ ...org.filters, role }}
 *     toolbar={<>{org.controls}<SelectFilter label=… value={role} onChange={setRole} options={ROLES} … /></>} … />
 */
import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { HierarchyMode } from '@lbs/contracts';
import { useCurrentUser } from '../lib/current-user.ts';
import { EntitySelect } from './entity-select.tsx';
import { useHierarchyFilter } from './hierarchy-filter.tsx';
import { useUrlIdFilter } from './server-data-grid.tsx';

/** A select of a list's toolbar: `anyLabel` (no filter, `undefined`) and then one entry an option. */
export function SelectFilter<V extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  anyLabel,
  minWidth,
}: {
  label: string;
  value: V | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly V[];
  optionLabel: (option: V) => string;
  anyLabel: string;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      // A phone stacks the toolbar's filters: each one full width.
      sx={{ minWidth, width: { xs: '100%', sm: 'auto' } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface OrgFilters {
  mode: HierarchyMode;
  /** companyId (SuperAdmin only, else undefined), departmentId or zoneId (hierarchy mode), designationId. */
  filters: {
    companyId: number | null | undefined;
    departmentId?: number | null;
    zoneId?: number | null;
    designationId: number | null;
  };
  /** The company select (SuperAdmin only), the department or zone select, the designation select. */
  controls: ReactNode;
}

/**
 * The organisation filters of a list (`?companyId=`, `?departmentId=` or `?zoneId=`, `?designationId=`): a
 * SuperAdmin also picks the company, which narrows the other selects' options.
 */
export function useOrgFilters(labels: { company: string; designation: string }): OrgFilters {
  const { role } = useCurrentUser();
  const superAdmin = role === 'SuperAdmin';
  const [companyId, setCompanyId] = useUrlIdFilter('companyId');
  const scopedCompany = superAdmin ? companyId : undefined;
  const hierarchy = useHierarchyFilter({ companyId: scopedCompany });
  const [designationId, setDesignationId] = useUrlIdFilter('designationId');
  return {
    mode: hierarchy.mode,
    filters: { companyId: scopedCompany, ...hierarchy.filters, designationId },
    controls: (
      <>
        {superAdmin && (
          <EntitySelect
            kind="company"
            value={companyId}
            onChange={setCompanyId}
            label={labels.company}
            size="small"
          />
        )}
        {hierarchy.control}
        <EntitySelect
          kind="designation"
          value={designationId}
          onChange={setDesignationId}
          companyId={scopedCompany}
          label={labels.designation}
          size="small"
        />
      </>
    ),
  };
}
