import {
  CONSENT_DEFAULTS,
  LOCATION_DEFAULTS,
  type CompanyConfig,
  type ConsentStatus,
  type PricePlan,
} from '@lbs/contracts';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { emit } from '../events/emit.ts';
import { prng } from '../lib/prng.ts';

/** Demo organisation: three companies with their departments, zones, designations and employee MSISDNs. */

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

export interface CompanySeed {
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

/** A (zones, round the clock), B (no zones, office hours) and C (an overdue invoice). */
export const DEMO_COMPANIES: CompanySeed[] = [
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

export interface DemoCompany {
  id: number;
  seed: CompanySeed;
  plan: PricePlan;
  departments: number[];
  zones: number[];
  designations: number[];
}

/**
 * The companies with their org structure and about 200 employee MSISDNs in every consent state, deterministic so
 * every fresh demo database looks the same. Answers each company by name.
 */
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function seedOrganisation(db: Executor, now: Date): Promise<Map<string, DemoCompany>> {
  const random = prng(20261121);
  const result = new Map<string, DemoCompany>();
  for (const c of DEMO_COMPANIES) {
    const config: CompanyConfig = {
      // Company A is tracked round the clock so a demo shows live movement at any hour of any day; B and C keep
      // office hours, which shows the working-hour privacy (no request leaves outside the window).
      trackingWindow:
        c.code === 'ALPHA'
          ? { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '00:00', timezone: c.timezone }
          : { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00', timezone: c.timezone },
      ...LOCATION_DEFAULTS,
      ...CONSENT_DEFAULTS,
    };
    const plan: PricePlan = {
      currency: c.currency,
      monthlyFeePerMsisdn: c.currency === 'SAR' ? 15 : 4,
      feePerLocate: c.currency === 'SAR' ? 0.05 : 0.01,
    };
    const company = await db
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
    const insertUnits = async (table: 'departments' | 'zones' | 'designations', names: string[]) =>
      names.length === 0
        ? []
        : (
            await db
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
    result.set(c.name, { id: company.id, seed: c, plan, ...org });

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
        consent_status: consent as ConsentStatus,
        // Consent given over the last weeks (some are due a reminder on first start); every second pending request
        // has gone unanswered for three weeks (flagged to the admins by the consent job).
        consent_at: consent === 'PENDING' ? null : daysBefore(now, (i * 7) % 45),
        consent_requested_at: daysBefore(
          now,
          consent === 'PENDING' && i % 40 === 7 ? 21 : ((i * 7) % 45) + 1,
        ),
        tracking_enabled: i !== 3,
        home_lat: c.lat + (random() - 0.5) * 0.2,
        home_lon: c.lon + (random() - 0.5) * 0.2,
      });
    }
    await db.insertInto('msisdns').values(rows).execute();
    await flagUnanswered(db, company.id, now);
  }
  return result;
}

/**
 * The consent requests left unanswered past the company's limit (14 days) were flagged by the consent job a week
 * ago, as it would have done: the MSISDN list's "unanswered" filter and the admins' inboxes show them on first start.
 */
async function flagUnanswered(db: Executor, companyId: number, now: Date): Promise<void> {
  const days = CONSENT_DEFAULTS.consentPendingDays;
  const flaggedAt = daysBefore(now, 21 - days);
  const flagged = await db
    .updateTable('msisdns')
    .set({ consent_pending_flagged_at: flaggedAt })
    .where('company_id', '=', companyId)
    .where('consent_status', '=', 'PENDING')
    .where('consent_requested_at', '<=', daysBefore(now, days))
    .returning('id')
    .execute();
  if (!flagged.length) return;
  await emit(db, {
    type: 'CONSENT_PENDING_EXPIRED',
    companyId,
    subject: { type: 'company', id: companyId },
    payload: { msisdnIds: flagged.map((r) => r.id).sort((a, b) => a - b), days },
    idempotencyKey: `CONSENT_PENDING_EXPIRED:${companyId}:${flaggedAt.toISOString()}`,
    occurredAt: flaggedAt,
  });
}

/**
 * The organisation dated as if it had been set up before its history, not on the day of the seed: each MSISDN created
 * when its billing lifecycle starts (its first activation, months back: seedInvoices), and at the latest the day
 * before its consent was asked for or given; each company a week before its
 * first MSISDN, its departments, zones, designations and admins the day after the company; the operator's own
 * accounts with the first company. Run once the invoices' lifecycle is seeded.
 */
export async function backdateOrganisation(db: Executor): Promise<void> {
  await sql`
    update msisdns m set created_at = f.at, updated_at = f.at
    from (
      select n.id, least(a.at, n.consent_requested_at - interval '1 day', n.consent_at - interval '1 day') as at
      from msisdns n
      left join (select msisdn_id, min(at) as at from msisdn_activity where active group by msisdn_id) a
        on a.msisdn_id = n.id
    ) f
    where f.id = m.id and f.at < m.created_at`.execute(db);
  await sql`
    update companies c set created_at = f.at - interval '7 days', updated_at = f.at - interval '7 days'
    from (select company_id, min(created_at) as at from msisdns group by company_id) f
    where f.company_id = c.id and f.at - interval '7 days' < c.created_at`.execute(db);
  for (const table of ['departments', 'zones', 'designations', 'users'] as const)
    await sql`
      update ${sql.table(table)} t set created_at = c.created_at + interval '1 day', updated_at = c.created_at + interval '1 day'
      from companies c where c.id = t.company_id and c.created_at + interval '1 day' < t.created_at`.execute(
      db,
    );
  await sql`
    update users set created_at = f.at, updated_at = f.at
    from (select min(created_at) as at from companies) f
    where company_id is null and f.at < users.created_at`.execute(db);
}
