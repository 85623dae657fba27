import { describe, expect, it } from 'vitest';
import { effectiveRole, parseRole, ROLES } from './roles.ts';

describe('roles', () => {
  it('accepts every spelling of SPEC §1', () => {
    expect(parseRole('SuperAdmin')).toBe('SuperAdmin');
    expect(parseRole('SUPER_ADMIN')).toBe('SuperAdmin');
    expect(parseRole(' zone_admin ')).toBe('ZoneAdmin');
    expect(parseRole('departmentadmin')).toBe('DepartmentAdmin');
    expect(parseRole('offline_access')).toBeUndefined();
  });

  it('takes the highest role held as the effective role (SPEC §4)', () => {
    expect(ROLES).toEqual(['SuperAdmin', 'CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin']);
    expect(effectiveRole(['ZONE_ADMIN', 'DEPARTMENT_ADMIN'])).toBe('DepartmentAdmin');
    expect(effectiveRole(['ZoneAdmin', 'default-roles-lbs', 'SUPER_ADMIN', 'CompanyAdmin'])).toBe(
      'SuperAdmin',
    );
    expect(effectiveRole(['uma_authorization'])).toBeUndefined();
    expect(effectiveRole([])).toBeUndefined();
  });
});
