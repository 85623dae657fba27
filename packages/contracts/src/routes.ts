import { AUTH_CALLBACK_PATH, SET_PASSWORD_PATH } from './constants.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * SPEC §2 route table: the router, the route guard, the sidebar and the server's write rules read it.
 * It is deliberately odd in places (a SuperAdmin has no /company/list; zone screens are ZoneAdmin only).
 */
export type RouteArea =
  | 'monitor'
  | 'company'
  | 'designation'
  | 'department'
  | 'zone'
  | 'msisdn'
  | 'task'
  | 'role'
  | 'poi'
  | 'billing'
  | 'user'
  | 'attendance'
  | 'reports'
  | 'dueInvoice'
  | 'account'
  | 'notifications'
  | 'notificationRules';

export interface RouteDef {
  /** Stable id, also the i18n key suffix of the page title (`route.<id>`). */
  id: string;
  /** react-router path pattern. */
  path: string;
  roles: readonly Role[];
  area: RouteArea;
}

const ALL = ROLES;
const SA = ['SuperAdmin'] as const;
const CA = ['CompanyAdmin'] as const;
const ZA = ['ZoneAdmin'] as const;
const SA_CA_DA = ['SuperAdmin', 'CompanyAdmin', 'DepartmentAdmin'] as const;
const SA_CA = ['SuperAdmin', 'CompanyAdmin'] as const;

export const ROUTES: readonly RouteDef[] = [
  { id: 'monitor', path: '/monitor', roles: ALL, area: 'monitor' },
  { id: 'companyList', path: '/company/list', roles: CA, area: 'company' },
  { id: 'companyDetails', path: '/company-details/:id', roles: CA, area: 'company' },
  { id: 'companyAdd', path: '/company/add', roles: SA, area: 'company' },
  { id: 'companyEdit', path: '/company-details/edit/:id', roles: SA, area: 'company' },
  // Outside the SPEC table (issue 19): the operator's directory of every company — the SPEC gives a SuperAdmin no
  // /company/list, so a company it created could not be found again.
  { id: 'operatorCompanies', path: '/operator/companies', roles: SA, area: 'company' },
  { id: 'designationList', path: '/designation/list', roles: ALL, area: 'designation' },
  { id: 'designationDetails', path: '/designation-details/:id', roles: ALL, area: 'designation' },
  { id: 'designationAdd', path: '/designation/add', roles: ALL, area: 'designation' },
  { id: 'designationEdit', path: '/designation-details/edit/:id', roles: ALL, area: 'designation' },
  { id: 'departmentList', path: '/department/list', roles: SA_CA_DA, area: 'department' },
  { id: 'departmentDetails', path: '/department-details/:id', roles: SA_CA_DA, area: 'department' },
  { id: 'departmentEdit', path: '/department-details/edit/:id', roles: SA_CA_DA, area: 'department' },
  { id: 'departmentAdd', path: '/department/add', roles: SA_CA, area: 'department' },
  { id: 'zoneList', path: '/zone/list', roles: ZA, area: 'zone' },
  { id: 'zoneDetails', path: '/zone-details/:id', roles: ZA, area: 'zone' },
  { id: 'zoneEdit', path: '/zone-details/edit/:id', roles: ZA, area: 'zone' },
  { id: 'zoneAdd', path: '/zone/add', roles: CA, area: 'zone' },
  { id: 'msisdnList', path: '/msisdn/list', roles: ALL, area: 'msisdn' },
  { id: 'msisdnDetails', path: '/msisdn-details/:id', roles: ALL, area: 'msisdn' },
  { id: 'msisdnEdit', path: '/msisdn-details/edit/:id', roles: ALL, area: 'msisdn' },
  { id: 'msisdnAdd', path: '/msisdn/add', roles: SA, area: 'msisdn' },
  { id: 'taskList', path: '/task/list', roles: ALL, area: 'task' },
  { id: 'taskAdd', path: '/task/add', roles: ALL, area: 'task' },
  { id: 'taskEdit', path: '/task-details/edit/:id', roles: ALL, area: 'task' },
  { id: 'taskAssign', path: '/task-details/assign/:id', roles: ALL, area: 'task' },
  { id: 'taskAssignList', path: '/task-assign-list', roles: ALL, area: 'task' },
  { id: 'roleList', path: '/role/list', roles: SA, area: 'role' },
  { id: 'poiList', path: '/poi', roles: ALL, area: 'poi' },
  { id: 'poiCreate', path: '/poi-create', roles: ALL, area: 'poi' },
  { id: 'poiEdit', path: '/poi-edit/:id', roles: ALL, area: 'poi' },
  { id: 'poiAssign', path: '/poi-assign/:id', roles: ALL, area: 'poi' },
  { id: 'poiAssignList', path: '/poi-assign/list', roles: ALL, area: 'poi' },
  { id: 'billingList', path: '/billing/list', roles: CA, area: 'billing' },
  { id: 'billingDetails', path: '/billing-details/:id', roles: CA, area: 'billing' },
  // Outside the SPEC table (issue 14): the operator's invoices of every company — runs, drafts, issue, payments.
  { id: 'operatorInvoices', path: '/operator/invoices', roles: SA, area: 'billing' },
  { id: 'operatorInvoiceDetails', path: '/operator/invoice-details/:id', roles: SA, area: 'billing' },
  { id: 'userList', path: '/user/list', roles: CA, area: 'user' },
  { id: 'userDetails', path: '/user-details/:id', roles: CA, area: 'user' },
  { id: 'userAdd', path: '/user/add', roles: SA, area: 'user' },
  { id: 'userEdit', path: '/user-details/edit/:id', roles: SA, area: 'user' },
  // Outside the SPEC table (issue 19): the operator's directory of every portal user (no /user/list for a SuperAdmin).
  { id: 'operatorUsers', path: '/operator/users', roles: SA, area: 'user' },
  { id: 'attendanceList', path: '/attendance/list', roles: ALL, area: 'attendance' },
  { id: 'reports', path: '/reports', roles: ALL, area: 'reports' },
  { id: 'dueInvoice', path: '/due-invoice', roles: ALL, area: 'dueInvoice' },
  { id: 'changePassword', path: '/change-password', roles: ALL, area: 'account' },
  // Outside the SPEC table (issue 15): every user's in-app notifications, and the rules that send them (each rule
  // within its creator's scope; the server decides what each user may change).
  { id: 'notifications', path: '/notifications', roles: ALL, area: 'notifications' },
  { id: 'notificationRuleList', path: '/notification-rules', roles: ALL, area: 'notificationRules' },
  { id: 'notificationRuleAdd', path: '/notification-rules/new', roles: ALL, area: 'notificationRules' },
  // The rule's page, also the link of each notification e-mail ("change or stop it here").
  { id: 'notificationRuleEdit', path: '/notification-rules/:id', roles: ALL, area: 'notificationRules' },
];

export const PUBLIC_ROUTES = { authenticate: AUTH_CALLBACK_PATH, setPassword: SET_PASSWORD_PATH } as const;
export const ERROR_ROUTES = {
  error401: '/error-pages/error-401',
  error403: '/error-pages/error-403',
  error404: '/error-pages/error-404',
  error500: '/error-pages/error-500',
  error503: '/error-pages/error-503',
  comingSoon: '/error-pages/coming-soon',
  maintenance: '/error-pages/maintenance',
} as const;

export function routeById(id: string): RouteDef {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id ${id}`);
  return route;
}

/** SPEC §6: allowed when the route has no role restriction or the user's (effective) role is listed. */
export function canOpen(route: Pick<RouteDef, 'roles'>, role: Role | undefined): boolean {
  if (route.roles.length === 0) return true;
  return role !== undefined && route.roles.includes(role);
}

export function canOpenRouteId(id: string, role: Role | undefined): boolean {
  return canOpen(routeById(id), role);
}

/** Sidebar (SPEC §2): entries and groups; an entry is shown only to its route's roles, a group when any child is. */
export interface SidebarItem {
  id: string;
  routeId: string;
}
export interface SidebarGroup {
  id: string;
  children: readonly SidebarItem[];
}
export type SidebarEntry = SidebarItem | SidebarGroup;

export const SIDEBAR: readonly SidebarEntry[] = [
  { id: 'monitor', routeId: 'monitor' },
  { id: 'company', routeId: 'companyList' },
  { id: 'operatorCompanies', routeId: 'operatorCompanies' },
  { id: 'department', routeId: 'departmentList' },
  { id: 'zone', routeId: 'zoneList' },
  { id: 'designation', routeId: 'designationList' },
  { id: 'msisdn', routeId: 'msisdnList' },
  { id: 'operatorUsers', routeId: 'operatorUsers' },
  {
    id: 'userManagement',
    children: [
      { id: 'users', routeId: 'userList' },
      { id: 'roles', routeId: 'roleList' },
    ],
  },
  { id: 'attendance', routeId: 'attendanceList' },
  {
    id: 'task',
    children: [
      { id: 'taskList', routeId: 'taskList' },
      { id: 'taskAssignList', routeId: 'taskAssignList' },
    ],
  },
  { id: 'billing', routeId: 'billingList' },
  { id: 'operatorInvoices', routeId: 'operatorInvoices' },
  {
    id: 'poi',
    children: [
      { id: 'poiList', routeId: 'poiList' },
      { id: 'poiCreate', routeId: 'poiCreate' },
      { id: 'poiAssignList', routeId: 'poiAssignList' },
    ],
  },
  { id: 'report', routeId: 'reports' },
  {
    id: 'notifications',
    children: [
      { id: 'notificationInbox', routeId: 'notifications' },
      { id: 'notificationRules', routeId: 'notificationRuleList' },
    ],
  },
];

export function isSidebarGroup(entry: SidebarEntry): entry is SidebarGroup {
  return 'children' in entry;
}

/** The sidebar as a given role sees it: hidden items dropped, empty groups dropped. */
export function sidebarFor(role: Role | undefined): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  for (const entry of SIDEBAR) {
    if (isSidebarGroup(entry)) {
      const children = entry.children.filter((c) => canOpenRouteId(c.routeId, role));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (canOpenRouteId(entry.routeId, role)) {
      out.push(entry);
    }
  }
  return out;
}
