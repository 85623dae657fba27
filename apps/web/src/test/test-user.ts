import type { Me, Role } from '@lbs/contracts';

/** The signed-in user (GET /user-management/me) of a role: Layla Haddad of Alpha Logistics unless `patch` says otherwise. */
export function testUser(role: Role, patch: Partial<Me> = {}): Me {
  return {
    id: 1,
    fullName: 'Layla Haddad',
    email: 'layla@example.com',
    username: 'layla',
    phoneNo: null,
    photoURL: '',
    companyId: 1,
    companyName: 'Alpha Logistics',
    departmentId: null,
    departmentName: null,
    zoneId: null,
    zoneName: null,
    designationId: null,
    designationName: null,
    isPiaSigned: true,
    hasDueInvoice: false,
    dueInvoiceList: [],
    roleList: [{ roleName: role }],
    active: true,
    companyConfig: [{ zoneEnabled: true }],
    ...patch,
  };
}
