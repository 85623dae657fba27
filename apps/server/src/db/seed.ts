import type { Role } from '@lbs/contracts';
import { hashPassword } from '../identity/passwords.ts';
import { audit, SYSTEM_ACTOR } from '../events/audit.ts';
import { prng } from '../lib/prng.ts';
import type { Db } from './database.ts';
import type { CompanyConfig, PricePlan } from './schema.ts';

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
    scope: 'company A (zones enabled)',
  },
  {
    username: 'deptadmin',
    role: 'DepartmentAdmin',
    company: 'Alpha Logistics',
    scope: 'department Field Operations of A',
  },
  { username: 'zoneadmin', role: 'ZoneAdmin', company: 'Alpha Logistics', scope: 'zone North of A' },
  {
    username: 'companyadmin2',
    role: 'CompanyAdmin',
    company: 'Beta Construction',
    scope: 'company B (no zones)',
  },
  {
    username: 'dueadmin',
    role: 'CompanyAdmin',
    company: 'Gamma Retail',
    scope: 'company with an overdue invoice',
  },
];

const FIRST = [
  'Omar',
  'Layla',
  'Yusuf',
  'Sara',
  'Khalid',
  'Noura',
  'Ahmed',
  'Huda',
  'Faisal',
  'Mariam',
  'Ali',
  'Reem',
  'Hassan',
  'Lina',
  'Tariq',
  'Dana',
  'Marco',
  'Giulia',
  'Luca',
  'Chiara',
  'Elena',
  'Pablo',
  'Lucía',
  'Wei',
  'Mei',
  'Jean',
  'Camille',
];
const LAST = [
  'Al-Harbi',
  'Al-Qahtani',
  'Haddad',
  'Nasser',
  'Saleh',
  'Rahman',
  'Farouk',
  'Aziz',
  'Rossi',
  'Bianchi',
  'Romano',
  'García',
  'Martín',
  'Chen',
  'Li',
  'Dubois',
  'Moreau',
  'Khan',
  'Mansour',
  'Yousef',
];

interface CompanySeed {
  name: string;
  code: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  timezone: string;
  currency: string;
  countryCode: string;
  zoneEnabled: boolean;
  departments: string[];
  zones: string[];
  designations: string[];
  msisdns: number;
}

const COMPANIES: CompanySeed[] = [
  {
    name: 'Alpha Logistics',
    code: 'ALPHA',
    city: 'Riyadh',
    country: 'SA',
    lat: 24.7136,
    lon: 46.6753,
    timezone: 'Asia/Riyadh',
    currency: 'SAR',
    countryCode: '96650',
    zoneEnabled: true,
    departments: ['Field Operations', 'Warehouse', 'Sales', 'Maintenance'],
    zones: ['North', 'South', 'East', 'West'],
    designations: ['Driver', 'Technician', 'Sales Representative', 'Supervisor', 'Courier'],
    msisdns: 120,
  },
  {
    name: 'Beta Construction',
    code: 'BETA',
    city: 'Milan',
    country: 'IT',
    lat: 45.4642,
    lon: 9.19,
    timezone: 'Europe/Rome',
    currency: 'EUR',
    countryCode: '39347',
    zoneEnabled: false,
    departments: ['Site Crew', 'Engineering', 'Logistics'],
    zones: [],
    designations: ['Site Engineer', 'Foreman', 'Surveyor', 'Driver'],
    msisdns: 60,
  },
  {
    name: 'Gamma Retail',
    code: 'GAMMA',
    city: 'Madrid',
    country: 'ES',
    lat: 40.4168,
    lon: -3.7038,
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    countryCode: '3461',
    zoneEnabled: false,
    departments: ['Stores', 'Merchandising'],
    zones: [],
    designations: ['Store Manager', 'Merchandiser'],
    msisdns: 20,
  },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Demo data on an empty database: the operator's super admin, company A (zones) and B (no zones) with their org
 * structure, about 200 employee MSISDNs in every consent state, and company C with an overdue invoice.
 */
export async function seedDemo(db: Db, password: string, now = new Date()): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(password);
  // Deterministic, so every fresh demo database looks the same.
  const random = prng(20261121);
  await db.transaction().execute(async (trx) => {
    const companyIds = new Map<string, number>();
    const orgs = new Map<string, { departments: number[]; zones: number[]; designations: number[] }>();
    for (const c of COMPANIES) {
      const config: CompanyConfig = {
        // Company A is tracked round the clock so a demo shows live movement at any hour of any day; B and C keep
        // office hours, which shows the working-hour privacy (no request leaves outside the window).
        trackingWindow:
          c.code === 'ALPHA'
            ? { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00', timezone: c.timezone }
            : { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: c.timezone },
        pollIntervalMinutes: 5,
        retentionDays: 90,
      };
      const plan: PricePlan = {
        currency: c.currency,
        monthlyFeePerMsisdn: c.currency === 'SAR' ? 15 : 4,
        feePerLocate: c.currency === 'SAR' ? 0.05 : 0.01,
      };
      const company = await trx
        .insertInto('companies')
        .values({
          name: c.name,
          code: c.code,
          city: c.city,
          country: c.country,
          latitude: c.lat,
          longitude: c.lon,
          contact_email: `operations@${c.code.toLowerCase()}.example.com`,
          contact_phone: `+${c.countryCode}0000000`,
          address: `${c.city} head office`,
          zone_enabled: c.zoneEnabled,
          config: JSON.stringify(config),
          price_plan: JSON.stringify(plan),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(c.name, company.id);
      const insertUnits = async (table: 'departments' | 'zones' | 'designations', names: string[]) =>
        names.length === 0
          ? []
          : (
              await trx
                .insertInto(table)
                .values(
                  names.map((name) => ({ company_id: company.id, name, description: `${name} — ${c.name}` })),
                )
                .returning('id')
                .execute()
            ).map((r) => r.id);
      const org = {
        departments: await insertUnits('departments', c.departments),
        zones: await insertUnits('zones', c.zones),
        designations: await insertUnits('designations', c.designations),
      };
      orgs.set(c.name, org);

      const rows = [];
      for (let i = 0; i < c.msisdns; i++) {
        const consent = i % 20 === 7 ? 'PENDING' : i % 25 === 11 ? 'REVOKED' : 'GRANTED';
        const first = FIRST[Math.floor(random() * FIRST.length)]!;
        const last = LAST[Math.floor(random() * LAST.length)]!;
        rows.push({
          company_id: company.id,
          department_id: org.departments[i % org.departments.length]!,
          zone_id: org.zones.length ? org.zones[i % org.zones.length]! : null,
          designation_id: org.designations[i % org.designations.length]!,
          msisdn: `+${c.countryCode}${String(1_000_000 + i * 7919)
            .padStart(7, '0')
            .slice(-7)}`,
          employee_name: `${first} ${last}`,
          employee_code: `${c.code}-${String(i + 1).padStart(4, '0')}`,
          email: `${first}.${last}.${i}@${c.code.toLowerCase()}.example.com`
            .toLowerCase()
            .replace(/[^a-z0-9.@-]/g, ''),
          consent_status: consent as 'PENDING' | 'GRANTED' | 'REVOKED',
          consent_at: consent === 'PENDING' ? null : now,
          consent_requested_at: now,
          tracking_enabled: i !== 3,
          home_lat: c.lat + (random() - 0.5) * 0.2,
          home_lon: c.lon + (random() - 0.5) * 0.2,
        });
      }
      await trx.insertInto('msisdns').values(rows).execute();

      // Invoices: last month's paid for every company; Gamma's is overdue.
      const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
      const issued = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const overdue = c.code === 'GAMMA';
      const dueOn = overdue
        ? new Date(now.getTime() - 10 * 86_400_000)
        : new Date(issued.getTime() + 30 * 86_400_000);
      const subtotal = Math.round(c.msisdns * plan.monthlyFeePerMsisdn * 100) / 100;
      await trx
        .insertInto('invoices')
        .values({
          company_id: company.id,
          number: `INV-${c.code}-${isoDate(periodStart).slice(0, 7)}`,
          period_start: isoDate(periodStart),
          period_end: isoDate(periodEnd),
          issued_on: isoDate(issued),
          due_on: isoDate(dueOn),
          currency: c.currency,
          subtotal,
          rebate: 0,
          grand_total: subtotal,
          status: overdue ? 'OVERDUE' : 'PAID',
          paid_at: overdue ? null : issued,
        })
        .execute();
    }

    const a = orgs.get('Alpha Logistics')!;
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
        designation: orgs.get('Beta Construction')!.designations[1],
      },
      {
        username: 'dueadmin',
        fullName: 'Lucía García',
        roles: ['CompanyAdmin'],
        company: 'Gamma Retail',
        designation: orgs.get('Gamma Retail')!.designations[0],
      },
    ];
    for (const u of users) {
      const companyId = u.company ? companyIds.get(u.company)! : null;
      const { id } = await trx
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
      await trx
        .insertInto('user_roles')
        .values(u.roles.map((role) => ({ user_id: id, role })))
        .execute();
    }
    await audit(trx, SYSTEM_ACTOR('seed'), {
      action: 'seed.demo',
      entity: 'database',
      detail: { companies: COMPANIES.length, users: users.length },
    });
  });
  return DEMO_ACCOUNTS;
}
