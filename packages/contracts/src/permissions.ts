import { ROLES, type Role } from './roles.ts';
import { routeById } from './routes.ts';

/**
 * Who may do what: resource × action → roles, the one permission table of the product. The server checks it on every call
 * (a role not listed → 403) and then applies the caller's scope to the object (outside it → 404); the web app
 * reads the same table to show or hide buttons. Write actions mirror the SPEC §2 route that performs them
 * (`route`), so the screen and the API can never disagree.
 *
 * Scope (applied after the role check, in one place on the server):
 * - SuperAdmin: everything.
 * - CompanyAdmin: its company (with its departments, zones, designations, users and MSISDNs).
 * - DepartmentAdmin: its department and the MSISDNs in it; the company's designations; the company's zones
 *   as read-only reference data (to place an MSISDN of its department in a zone).
 * - ZoneAdmin: its zone and the MSISDNs in it; the company's designations; the company's departments as
 *   read-only reference data (to place an MSISDN of its zone in a department).
 *
 * Reads (`list`, `read`) are wider than the SPEC §2 screens where a form needs the data: a CompanyAdmin reads
 * zones to add one and a SuperAdmin reads companies and users to edit them, although /zone/list is ZoneAdmin-only
 * and /company/list and /user/list are CompanyAdmin-only. Deletes, which no screen names, belong to whoever may add.
 */
export const PERMISSION_RESOURCES = [
  'company',
  'department',
  'zone',
  'designation',
  'user',
  'role',
  'msisdn',
  'location',
  'poiCategory',
  'poi',
  'poiAssignment',
  'visit',
  'task',
  'taskAssignment',
  'shift',
  'holidayList',
  'attendance',
  'invoice',
  'tariff',
  'usage',
  'report',
  'reportSchedule',
  'notificationRule',
  'notification',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

export interface PermissionRule {
  roles: readonly Role[];
  /** The SPEC §2 route this action mirrors; its roles are the rule's roles. */
  route?: string;
  /** Why the rule is what it is, where the route table does not say it alone. */
  note?: string;
}

const ALL = ROLES;
const SA = ['SuperAdmin'] as const;
const SA_CA = ['SuperAdmin', 'CompanyAdmin'] as const;

/** The rule mirrors a route: same roles, named source. */
function route(id: string, note?: string): PermissionRule {
  return { roles: routeById(id).roles, route: id, ...(note ? { note } : {}) };
}

export const PERMISSIONS = {
  company: {
    list: {
      roles: SA_CA,
      note: 'CompanyAdmin: its own company (/company/list); SuperAdmin: all (/operator/companies), to edit them.',
    },
    read: { roles: SA_CA, note: 'As list.' },
    create: route('companyAdd'),
    update: route('companyEdit'),
    delete: { roles: SA, note: 'Whoever may add; only a company with nothing in it.' },
  },
  department: {
    list: { roles: ALL, note: 'ZoneAdmin: the company’s departments, read-only reference data.' },
    read: { roles: ALL, note: 'As list.' },
    create: route('departmentAdd'),
    update: route('departmentEdit'),
    delete: { roles: routeById('departmentAdd').roles, note: 'Whoever may add.' },
  },
  zone: {
    list: {
      roles: ALL,
      note: 'CompanyAdmin and DepartmentAdmin read the company’s zones for forms; ZoneAdmin its zone.',
    },
    read: { roles: ALL, note: 'As list.' },
    create: route('zoneAdd', 'Only in a company with zones enabled.'),
    update: route('zoneEdit'),
    delete: { roles: routeById('zoneAdd').roles, note: 'Whoever may add.' },
  },
  designation: {
    list: route('designationList'),
    read: route('designationDetails'),
    create: route(
      'designationAdd',
      'Designations belong to the company: every role works on the company’s list.',
    ),
    update: route('designationEdit'),
    delete: { roles: routeById('designationAdd').roles, note: 'Whoever may add.' },
  },
  user: {
    list: {
      roles: SA_CA,
      note: 'CompanyAdmin: its company’s users (/user/list); SuperAdmin: all (/operator/users), to edit them.',
    },
    read: { roles: SA_CA, note: 'As list.' },
    create: route('userAdd', 'Sends an invitation e-mail with a security code.'),
    update: route('userEdit', 'Includes roles and active; deactivating ends the user’s sessions.'),
    delete: {
      roles: routeById('userAdd').roles,
      note: 'Whoever may add; a user with audit history is deactivated instead.',
    },
    resendInvitation: route('userAdd'),
  },
  role: {
    list: route('roleList'),
    read: route('roleList'),
  },
  msisdn: {
    list: route('msisdnList'),
    read: route('msisdnDetails'),
    create: route('msisdnAdd', 'Sends a consent request SMS.'),
    update: route('msisdnEdit', 'Within scope; changing the number itself is msisdn.changeNumber.'),
    changeNumber: route('msisdnAdd', 'A new number is a new subscriber: its consent starts again.'),
    delete: { roles: routeById('msisdnAdd').roles, note: 'Whoever may add.' },
    resendConsent: route('msisdnEdit', 'Not for a number whose consent is GRANTED.'),
    import: route('msisdnAdd', 'The SuperAdmin names the target company.'),
    issueDeviceToken: route(
      'msisdnEdit',
      'The tracking app’s token (its status, a new one, revoking it) is an edit of the MSISDN.',
    ),
  },
  location: {
    view: route('monitor', 'The latest positions in scope and their live stream (the Monitor).'),
    history: route('monitor', 'One MSISDN’s position history (Monitor trail, MSISDN details).'),
    locate: route(
      'monitor',
      'Locate now: also consent, tracking, an active company, the tracking window and a per-company rate limit.',
    ),
  },
  poiCategory: {
    list: { roles: ALL, note: 'The company’s categories: every role picks one for a POI.' },
    read: { roles: ALL, note: 'As list.' },
    create: { roles: SA_CA, note: 'Categories belong to the company.' },
    update: { roles: SA_CA, note: 'As create.' },
    delete: { roles: SA_CA, note: 'As create; only a category no POI uses.' },
  },
  poi: {
    list: route(
      'poiList',
      'Company-wide POIs and those of the caller’s department or zone (DepartmentAdmin, ZoneAdmin).',
    ),
    read: route('poiList', 'As list; includes who is inside now (a view of location, audited).'),
    create: route(
      'poiCreate',
      'A DepartmentAdmin’s POI is placed in its department, a ZoneAdmin’s in its zone.',
    ),
    update: route(
      'poiEdit',
      'Company-wide POIs: SuperAdmin and CompanyAdmin; a unit’s POIs: also its admins.',
    ),
    delete: route('poiEdit', 'As update; refused while assignments use it (make it inactive instead).'),
    import: { roles: SA_CA, note: 'GeoJSON, KML or CSV; a dry run first, then a job.' },
    export: route('poiList', 'The POIs in scope as GeoJSON, CSV or KML.'),
  },
  poiAssignment: {
    list: route('poiAssignList'),
    read: route('poiAssignList'),
    create: route('poiAssign', 'The caller must see both the POI and every MSISDN.'),
    update: route('poiAssign', 'As create.'),
    delete: route('poiAssign', 'As create.'),
  },
  visit: {
    list: route('poiList', 'Visits of MSISDNs in scope at POIs in scope: a view of location, audited.'),
  },
  task: {
    list: route('taskList', 'Company-wide tasks and the caller’s own unit’s, like POIs.'),
    read: route('taskList', 'As list.'),
    create: route('taskAdd'),
    update: route('taskEdit', 'Within what the caller manages; status PENDING ⇄ CANCELLED.'),
    delete: route('taskEdit', 'As update.'),
  },
  taskAssignment: {
    list: route('taskAssignList', 'Assignments of MSISDNs in scope to tasks in scope, with their evidence.'),
    create: route('taskAssign', 'The caller must see the task and every MSISDN.'),
    delete: route('taskAssign', 'As create.'),
    complete: route('taskAssignList', 'By hand, with a reason, where the task’s rule allows it.'),
    reopen: route('taskAssignList', 'With a reason; the earlier evidence is kept.'),
  },
  shift: {
    list: { roles: ALL, note: 'The company’s shifts: every role reads the attendance they explain.' },
    read: { roles: ALL, note: 'As list.' },
    create: { roles: SA_CA, note: 'Shifts and their versions belong to the company.' },
    update: {
      roles: SA_CA,
      note: 'A change of terms is a new version from a date; earlier days keep theirs.',
    },
    delete: { roles: SA_CA, note: 'Only a shift no attendance site uses.' },
  },
  holidayList: {
    list: { roles: ALL, note: 'As shifts.' },
    read: { roles: ALL, note: 'As list.' },
    create: { roles: SA_CA, note: 'As shifts.' },
    update: { roles: SA_CA, note: 'Always editable (Eid dates depend on moon sighting).' },
    delete: { roles: SA_CA, note: 'Shifts that used it count no holidays from then on.' },
    seed: { roles: SA_CA, note: 'Public holidays of a country and year added from date-holidays.' },
  },
  attendance: {
    list: route('attendanceList', 'Days of the MSISDNs in scope: a view of where people were, audited.'),
    read: route('attendanceList', 'One day with its evidence (visits, fixes): audited.'),
    override: route('attendanceList', 'Within the caller’s scope, with a reason; always wins, audited.'),
  },
  invoice: {
    list: {
      roles: SA_CA,
      note: 'CompanyAdmin: its company’s issued invoices (/billing/list); SuperAdmin: all, drafts too (/operator/invoices).',
    },
    read: { roles: SA_CA, note: 'As list; includes the PDF (the stored bytes once issued).' },
    run: {
      roles: SA,
      note: 'Builds or rebuilds the DRAFT of a company and month; an issued month is left alone.',
    },
    issue: {
      roles: SA,
      note: 'Numbers the draft (gapless), renders and stores its PDF; automatic after the review days.',
    },
    void: {
      roles: SA,
      note: 'An issued invoice without payments or credits; a new run drafts its replacement.',
    },
    creditNote: { roles: SA, note: 'A credit against what is still owed, in its own gapless series.' },
    recordPayment: {
      roles: SA,
      note: 'Operator staff record what was received; the lock lifts once nothing is overdue.',
    },
  },
  tariff: {
    list: { roles: SA_CA, note: 'CompanyAdmin: its company’s tariff versions; SuperAdmin: any company’s.' },
    create: route('companyEdit', 'A new version from the first day of a month not yet invoiced.'),
  },
  usage: {
    list: { roles: SA_CA, note: 'The locates behind the invoice lines, per MSISDN and day.' },
  },
  report: {
    run: route(
      'reports',
      'The catalogue, the dashboard and running or exporting a report; each report also needs the permission of the data it shows (contracts REPORTS), and the rows are the caller’s scope.',
    ),
    export: route('reports', 'Export jobs of large results: each user sees and downloads only its own.'),
  },
  reportSchedule: {
    list: route(
      'reports',
      'The caller’s own schedules; a CompanyAdmin also its company’s, a SuperAdmin all.',
    ),
    create: route('reports', 'Recipients within the owner’s scope; the run re-checks it.'),
    update: route('reports', 'As list: edit, pause, run now.'),
    delete: route('reports', 'As update.'),
  },
  notificationRule: {
    list: {
      roles: ALL,
      note: 'Rules of the caller’s tier: a CompanyAdmin the company’s (its units’ too), a unit admin its unit’s, a SuperAdmin all.',
    },
    read: { roles: ALL, note: 'As list.' },
    create: {
      roles: ALL,
      note: 'In the creator’s tier; filters and recipients within it. Deliveries re-check each recipient’s scope.',
    },
    update: { roles: ALL, note: 'As list.' },
    delete: { roles: ALL, note: 'As list; the notifications already delivered stay in their inboxes.' },
  },
  notification: {
    list: { roles: ALL, note: 'The caller’s own in-app notifications (the bell and the inbox).' },
    read: { roles: ALL, note: 'Marking the caller’s own notifications read.' },
  },
} as const satisfies Record<PermissionResource, Record<string, PermissionRule>>;

export type PermissionAction<R extends PermissionResource> = keyof (typeof PERMISSIONS)[R] & string;

/** `resource.action` keys, e.g. 'msisdn.resendConsent'. */
export type Permission = { [R in PermissionResource]: `${R}.${PermissionAction<R>}` }[PermissionResource];

export function permissionRule<R extends PermissionResource>(
  resource: R,
  action: PermissionAction<R>,
): PermissionRule {
  return (PERMISSIONS[resource] as Record<string, PermissionRule>)[action]!;
}

/** True when the (effective) role may perform the action at all; scope still applies to each object. */
export function can<R extends PermissionResource>(
  role: Role | undefined,
  resource: R,
  action: PermissionAction<R>,
): boolean {
  return role !== undefined && permissionRule(resource, action).roles.includes(role);
}

/** Every `resource.action` a role may perform (for /roles and for the UI). */
export function permissionsOf(role: Role): Permission[] {
  const out: string[] = [];
  for (const resource of PERMISSION_RESOURCES) {
    for (const [action, rule] of Object.entries(PERMISSIONS[resource] as Record<string, PermissionRule>)) {
      if (rule.roles.includes(role)) out.push(`${resource}.${action}`);
    }
  }
  return out as Permission[];
}

/** What each role is, for /roles (SPEC §1 scope tiers). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  SuperAdmin:
    'Operator administrator: every company, its configuration and price plan, employee MSISDNs and portal users.',
  CompanyAdmin:
    'Administrator of one company: its departments, zones, designations and employee MSISDNs; sees its users and billing.',
  DepartmentAdmin:
    'Administrator of one department: the employee MSISDNs in it and the company’s designations.',
  ZoneAdmin:
    'Administrator of one zone (companies with zones enabled): the zone and the employee MSISDNs in it.',
};
