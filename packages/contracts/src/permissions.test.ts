import { describe, expect, it } from 'vitest';
import {
  PERMISSION_RESOURCES,
  PERMISSIONS,
  can,
  permissionRule,
  permissionsOf,
  type PermissionRule,
} from './permissions.ts';
import { routeById } from './routes.ts';
import { ROLES } from './roles.ts';

const rules = PERMISSION_RESOURCES.flatMap((resource) =>
  Object.entries(PERMISSIONS[resource] as Record<string, PermissionRule>).map(
    ([action, rule]) => [`${resource}.${action}`, rule] as const,
  ),
);

describe('permission table', () => {
  it('mirrors the route table wherever a rule names a route', () => {
    for (const [key, rule] of rules) {
      if (rule.route) expect(rule.roles, key).toEqual(routeById(rule.route).roles);
    }
  });

  it('follows SPEC §6 for the writes it names', () => {
    expect(permissionRule('company', 'create').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('company', 'update').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('msisdn', 'create').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('user', 'create').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('user', 'update').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('role', 'list').roles).toEqual(['SuperAdmin']);
    expect(permissionRule('department', 'create').roles).toEqual(['SuperAdmin', 'CompanyAdmin']);
    expect(permissionRule('zone', 'create').roles).toEqual(['CompanyAdmin']);
    expect(permissionRule('zone', 'update').roles).toEqual(['ZoneAdmin']);
  });

  it('holds the location actions: the Monitor’s roles see and locate; the token is an edit of the MSISDN', () => {
    for (const action of ['view', 'history', 'locate'] as const) {
      expect(permissionRule('location', action).roles, action).toEqual(routeById('monitor').roles);
    }
    expect(permissionRule('msisdn', 'issueDeviceToken').roles).toEqual(
      permissionRule('msisdn', 'update').roles,
    );
  });

  it('lets whoever may add also delete', () => {
    for (const resource of ['company', 'department', 'zone', 'designation', 'user', 'msisdn'] as const) {
      expect(permissionRule(resource, 'delete').roles, resource).toEqual(
        permissionRule(resource, 'create').roles,
      );
    }
  });

  it('answers can() and permissionsOf() from the same rows', () => {
    expect(can('CompanyAdmin', 'zone', 'create')).toBe(true);
    expect(can('SuperAdmin', 'zone', 'create')).toBe(false);
    expect(can(undefined, 'msisdn', 'list')).toBe(false);
    for (const role of ROLES) {
      expect(permissionsOf(role).sort()).toEqual(
        rules
          .filter(([, rule]) => rule.roles.includes(role))
          .map(([key]) => key)
          .sort(),
      );
    }
  });
});
