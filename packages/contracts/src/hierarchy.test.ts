import { describe, expect, it } from 'vitest';
import { resolveHierarchy } from './hierarchy.ts';

const zones = [{ zoneEnabled: false }, { zoneEnabled: true }];
const noZones = [{ zoneEnabled: false }];

describe('resolveHierarchy (SPEC §4)', () => {
  it('offers the toggle to a SuperAdmin, keeping the stored mode (default DEPARTMENT)', () => {
    expect(resolveHierarchy({ roles: ['SuperAdmin'], companyConfig: noZones })).toEqual({
      canShowToggle: true,
      mode: 'DEPARTMENT',
    });
    expect(resolveHierarchy({ roles: ['SuperAdmin'], companyConfig: [], stored: 'ZONE' })).toEqual({
      canShowToggle: true,
      mode: 'ZONE',
    });
  });

  it('offers the toggle to a CompanyAdmin only when any company has zones enabled', () => {
    expect(resolveHierarchy({ roles: ['CompanyAdmin'], companyConfig: zones, stored: 'ZONE' })).toEqual({
      canShowToggle: true,
      mode: 'ZONE',
    });
    expect(resolveHierarchy({ roles: ['CompanyAdmin'], companyConfig: noZones, stored: 'ZONE' })).toEqual({
      canShowToggle: false,
      mode: 'DEPARTMENT',
    });
  });

  it('puts a ZoneAdmin who is not a DepartmentAdmin in ZONE mode when zones are enabled', () => {
    expect(resolveHierarchy({ roles: ['ZoneAdmin'], companyConfig: zones })).toEqual({
      canShowToggle: false,
      mode: 'ZONE',
    });
    expect(resolveHierarchy({ roles: ['ZoneAdmin'], companyConfig: noZones })).toEqual({
      canShowToggle: false,
      mode: 'DEPARTMENT',
    });
    expect(
      resolveHierarchy({ roles: ['ZoneAdmin', 'DepartmentAdmin'], companyConfig: zones, stored: 'ZONE' }),
    ).toEqual({
      canShowToggle: false,
      mode: 'DEPARTMENT',
    });
    expect(resolveHierarchy({ roles: ['DepartmentAdmin'], companyConfig: zones })).toEqual({
      canShowToggle: false,
      mode: 'DEPARTMENT',
    });
  });
});
