import { describe, expect, it } from 'vitest';
import {
  canOpenRouteId,
  isSidebarGroup,
  routeById,
  ROUTES,
  sidebarFor,
  type SidebarEntry,
} from './routes.ts';

const ids = (entries: SidebarEntry[]) =>
  entries.map((e) => (isSidebarGroup(e) ? `${e.id}[${e.children.map((c) => c.id).join(',')}]` : e.id));

describe('route table (SPEC §2, §6)', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('grants the routes of SPEC §2 to exactly their roles', () => {
    expect(canOpenRouteId('companyList', 'CompanyAdmin')).toBe(true);
    expect(canOpenRouteId('companyList', 'SuperAdmin')).toBe(false);
    expect(canOpenRouteId('companyAdd', 'SuperAdmin')).toBe(true);
    expect(canOpenRouteId('zoneList', 'ZoneAdmin')).toBe(true);
    expect(canOpenRouteId('zoneList', 'CompanyAdmin')).toBe(false);
    expect(canOpenRouteId('zoneAdd', 'CompanyAdmin')).toBe(true);
    expect(canOpenRouteId('departmentAdd', 'DepartmentAdmin')).toBe(false);
    expect(canOpenRouteId('departmentEdit', 'DepartmentAdmin')).toBe(true);
    expect(canOpenRouteId('roleList', 'SuperAdmin')).toBe(true);
    expect(canOpenRouteId('msisdnAdd', 'CompanyAdmin')).toBe(false);
    expect(canOpenRouteId('dueInvoice', 'ZoneAdmin')).toBe(true);
    expect(canOpenRouteId('monitor', undefined)).toBe(false);
  });

  it('keeps the operator’s directories (outside the SPEC table) to the SuperAdmin', () => {
    for (const id of ['operatorCompanies', 'operatorUsers']) {
      expect(canOpenRouteId(id, 'SuperAdmin')).toBe(true);
      for (const role of ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'] as const)
        expect(canOpenRouteId(id, role)).toBe(false);
    }
    expect(routeById('operatorCompanies').path).toBe('/operator/companies');
    expect(routeById('operatorUsers').path).toBe('/operator/users');
  });

  it('shows each role only its sidebar entries, dropping empty groups', () => {
    expect(ids(sidebarFor('SuperAdmin'))).toEqual([
      'monitor',
      'operatorCompanies',
      'department',
      'designation',
      'msisdn',
      'operatorUsers',
      'userManagement[roles]',
      'attendance',
      'task[taskList,taskAssignList]',
      'operatorInvoices',
      'poi[poiList,poiCreate,poiAssignList]',
      'report',
      'notifications[notificationInbox,notificationRules]',
    ]);
    expect(ids(sidebarFor('ZoneAdmin'))).toEqual([
      'monitor',
      'zone',
      'designation',
      'msisdn',
      'attendance',
      'task[taskList,taskAssignList]',
      'poi[poiList,poiCreate,poiAssignList]',
      'report',
      'notifications[notificationInbox,notificationRules]',
    ]);
    expect(ids(sidebarFor('CompanyAdmin'))).toContain('userManagement[users]');
    expect(ids(sidebarFor('CompanyAdmin'))).toContain('billing');
    expect(ids(sidebarFor('CompanyAdmin'))).not.toContain('operatorInvoices');
    for (const role of ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'] as const) {
      expect(ids(sidebarFor(role))).not.toContain('operatorCompanies');
      expect(ids(sidebarFor(role))).not.toContain('operatorUsers');
    }
  });
});
