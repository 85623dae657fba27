import type { Role } from '@lbs/contracts';
import type { Executor } from '../db/database.ts';
import type { DemoCompany } from './organisation.ts';

export interface DemoAccount {
  username: string;
  role: Role;
  company: string | null;
  scope: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'superadmin', role: 'SuperAdmin', company: null, scope: 'the whole operator' },
  {
    username: 'companyadmin',
    role: 'CompanyAdmin',
    company: 'Alpha Logistics',
    scope: 'Alpha Logistics, Riyadh (zones enabled)',
  },
  {
    username: 'deptadmin',
    role: 'DepartmentAdmin',
    company: 'Alpha Logistics',
    scope: 'department Field Operations of Alpha Logistics',
  },
  {
    username: 'zoneadmin',
    role: 'ZoneAdmin',
    company: 'Alpha Logistics',
    scope: 'zone North of Alpha Logistics',
  },
  {
    username: 'companyadmin2',
    role: 'CompanyAdmin',
    company: 'Beta Construction',
    scope: 'Beta Construction, Milan (no zones)',
  },
  {
    username: 'dueadmin',
    role: 'CompanyAdmin',
    company: 'Gamma Retail',
    scope: 'Gamma Retail, Madrid: has an overdue invoice (every page leads to it)',
  },
];

/** The demo accounts of DEMO_ACCOUNTS, placed in the demo companies, all with the one demo password (hashed). */
export async function seedAccounts(
  db: Executor,
  companies: Map<string, DemoCompany>,
  passwordHash: string,
): Promise<number> {
  const a = companies.get('Alpha Logistics')!;
  const users: {
    username: string;
    fullName: string;
    roles: Role[];
    company?: string;
    dept?: number;
    zone?: number;
    designation?: number;
  }[] = [
    { username: 'superadmin', fullName: 'Operator Super Admin', roles: ['SuperAdmin'] },
    {
      username: 'companyadmin',
      fullName: 'Aisha Al-Harbi',
      roles: ['CompanyAdmin'],
      company: 'Alpha Logistics',
      designation: a.designations[3],
    },
    {
      username: 'deptadmin',
      fullName: 'Omar Haddad',
      roles: ['DepartmentAdmin'],
      company: 'Alpha Logistics',
      dept: a.departments[0],
      designation: a.designations[3],
    },
    {
      username: 'zoneadmin',
      fullName: 'Layla Nasser',
      roles: ['ZoneAdmin'],
      company: 'Alpha Logistics',
      dept: a.departments[0],
      zone: a.zones[0],
      designation: a.designations[3],
    },
    {
      username: 'companyadmin2',
      fullName: 'Marco Rossi',
      roles: ['CompanyAdmin'],
      company: 'Beta Construction',
      designation: companies.get('Beta Construction')!.designations[1],
    },
    {
      username: 'dueadmin',
      fullName: 'Lucía García',
      roles: ['CompanyAdmin'],
      company: 'Gamma Retail',
      designation: companies.get('Gamma Retail')!.designations[0],
    },
  ];
  for (const u of users) {
    const companyId = u.company ? companies.get(u.company)!.id : null;
    const { id } = await db
      .insertInto('users')
      .values({
        username: u.username,
        email: `${u.username}@lbs.example.com`,
        full_name: u.fullName,
        phone_no: null,
        company_id: companyId,
        department_id: u.dept ?? null,
        zone_id: u.zone ?? null,
        designation_id: u.designation ?? null,
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values(u.roles.map((role) => ({ user_id: id, role })))
      .execute();
  }
  return users.length;
}
