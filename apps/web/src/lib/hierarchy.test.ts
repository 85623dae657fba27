import { beforeEach, describe, expect, it } from 'vitest';
import { resolveHierarchy, type HierarchyMode, type Role } from '@lbs/contracts';
import { readStoredHierarchyMode, resolveAndStoreHierarchy } from './hierarchy.ts';

const ZONES = [{ zoneEnabled: false }, { zoneEnabled: true }];
const NO_ZONES = [{ zoneEnabled: false }];

/** SPEC §4 hierarchy rule as a table: roles, zones enabled, stored → toggle shown, mode. */
const TABLE: {
  roles: Role[];
  zones: boolean;
  stored: HierarchyMode | null;
  toggle: boolean;
  mode: HierarchyMode;
}[] = [
  { roles: ['SuperAdmin'], zones: false, stored: null, toggle: true, mode: 'DEPARTMENT' },
  { roles: ['SuperAdmin'], zones: false, stored: 'ZONE', toggle: true, mode: 'ZONE' },
  { roles: ['SuperAdmin'], zones: true, stored: 'DEPARTMENT', toggle: true, mode: 'DEPARTMENT' },
  { roles: ['CompanyAdmin'], zones: true, stored: null, toggle: true, mode: 'DEPARTMENT' },
  { roles: ['CompanyAdmin'], zones: true, stored: 'ZONE', toggle: true, mode: 'ZONE' },
  { roles: ['CompanyAdmin'], zones: false, stored: 'ZONE', toggle: false, mode: 'DEPARTMENT' },
  { roles: ['DepartmentAdmin'], zones: true, stored: 'ZONE', toggle: false, mode: 'DEPARTMENT' },
  { roles: ['ZoneAdmin'], zones: true, stored: null, toggle: false, mode: 'ZONE' },
  { roles: ['ZoneAdmin'], zones: true, stored: 'DEPARTMENT', toggle: false, mode: 'ZONE' },
  { roles: ['ZoneAdmin'], zones: false, stored: null, toggle: false, mode: 'DEPARTMENT' },
  { roles: ['ZoneAdmin', 'DepartmentAdmin'], zones: true, stored: null, toggle: false, mode: 'DEPARTMENT' },
  { roles: [], zones: true, stored: 'ZONE', toggle: false, mode: 'DEPARTMENT' },
];

describe('hierarchy rule (SPEC §4)', () => {
  beforeEach(() => localStorage.clear());

  it.each(TABLE)(
    '$roles zones=$zones stored=$stored → toggle $toggle, $mode',
    ({ roles, zones, stored, toggle, mode }) => {
      const companyConfig = zones ? ZONES : NO_ZONES;
      expect(resolveHierarchy({ roles, companyConfig, stored })).toEqual({ canShowToggle: toggle, mode });

      if (stored) localStorage.setItem('hierarchyMode', stored);
      expect(resolveAndStoreHierarchy({ companyConfig }, roles)).toEqual({ canShowToggle: toggle, mode });
      expect(localStorage.getItem('hierarchyMode')).toBe(mode);
      expect(localStorage.getItem('canShowHierarchyToggle')).toBe(String(toggle));
    },
  );

  it('defaults to DEPARTMENT and ignores unknown stored values', () => {
    expect(readStoredHierarchyMode()).toBeNull();
    localStorage.setItem('hierarchyMode', 'REGION');
    expect(readStoredHierarchyMode()).toBeNull();
    expect(resolveAndStoreHierarchy({ companyConfig: ZONES }, ['SuperAdmin']).mode).toBe('DEPARTMENT');
  });
});
