import {
  CONSENT_DEFAULTS,
  type Company,
  type CompanyCreateBody,
  type CompanyListQuery,
  type CompanyPage,
  type CompanyUpdateBody,
} from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/listing.ts';
import { authorize, fieldNames, type Caller } from '../../access/caller.ts';
import { companyPolicy } from '../../access/policies/company.ts';
import { conflictOn } from '../../access/problems.ts';
import { lockInScopeOf, writeTransaction } from '../../access/writes.ts';
import { companiesRepository, type CompanyRecord, type CompanyValues } from './repository.ts';

/** The answer for one company, with what the caller may do to it. */
export function toCompany(caller: Caller, row: CompanyRecord): Company {
  return {
    id: row.id,
    companyId: row.id,
    name: row.name,
    code: row.code,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    address: row.address,
    city: row.city,
    country: row.country,
    status: row.status,
    config: { ...CONSENT_DEFAULTS, ...row.config, zoneEnabled: row.zone_enabled },
    pricePlan: row.price_plan,
    ...companyPolicy(caller),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function valuesOf(row: CompanyRecord): CompanyValues {
  return {
    name: row.name,
    code: row.code,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    address: row.address,
    city: row.city,
    country: row.country,
    status: row.status,
    zone_enabled: row.zone_enabled,
    config: row.config,
    price_plan: row.price_plan,
  };
}

const codeTaken = () => conflictOn('org.companyCodeTaken', 'code');

/** Companies: the operator's enterprise customers, their configuration and price plan (SuperAdmin writes). */
export function companiesService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = companiesRepository(db);
  const lockInScope = lockInScopeOf(companiesRepository, 'The company');

  async function list(caller: Caller, query: CompanyListQuery): Promise<CompanyPage> {
    authorize(caller, 'company', 'list');
    const { rows, total } = await repo.list(caller.scope, query);
    return { items: rows.map((row) => toCompany(caller, row)), total, page: query.page, size: query.size };
  }

  async function get(caller: Caller, id: number): Promise<Company> {
    authorize(caller, 'company', 'read');
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound('The company');
    return toCompany(caller, row);
  }

  async function create(caller: Caller, body: CompanyCreateBody): Promise<Company> {
    authorize(caller, 'company', 'create');
    const { zoneEnabled, ...config } = body.config;
    return writeTransaction(
      db,
      async (trx) => {
        const tx = companiesRepository(trx);
        if (await tx.codeTaken(body.code)) throw codeTaken();
        const row = await tx.insert({
          name: body.name,
          code: body.code,
          contact_email: body.contactEmail ?? null,
          contact_phone: body.contactPhone ?? null,
          address: body.address ?? null,
          city: body.city ?? null,
          country: body.country ?? null,
          status: body.status,
          zone_enabled: zoneEnabled,
          config,
          price_plan: body.pricePlan,
        });
        await audit(trx, actorOf(caller), {
          action: 'company.create',
          entity: 'company',
          entityId: row.id,
          companyId: row.id,
          detail: { name: row.name, code: row.code },
        });
        return toCompany(caller, row);
      },
      { unique: codeTaken },
    );
  }

  async function update(caller: Caller, id: number, body: CompanyUpdateBody): Promise<Company> {
    authorize(caller, 'company', 'update');
    return writeTransaction(
      db,
      async (trx) => {
        const { tx, locked: found } = await lockInScope(trx, caller, id);
        const before = valuesOf(found);
        const { zoneEnabled, ...configPatch } = body.config ?? {};
        const next: CompanyValues = {
          name: body.name ?? before.name,
          code: body.code ?? before.code,
          contact_email: body.contactEmail === undefined ? before.contact_email : body.contactEmail,
          contact_phone: body.contactPhone === undefined ? before.contact_phone : body.contactPhone,
          address: body.address === undefined ? before.address : body.address,
          city: body.city === undefined ? before.city : body.city,
          country: body.country === undefined ? before.country : body.country,
          status: body.status ?? before.status,
          zone_enabled: zoneEnabled ?? before.zone_enabled,
          config: { ...before.config, ...configPatch },
          price_plan: { ...before.price_plan, ...body.pricePlan },
        };
        if (next.code !== before.code && (await tx.codeTaken(next.code, id))) throw codeTaken();
        if (before.zone_enabled && !next.zone_enabled && (await tx.zoneCount(id)) > 0) {
          throw conflictOn('org.zonesExist', 'config.zoneEnabled');
        }
        const row = await tx.update(found, next, now());
        const changed = (Object.keys(next) as (keyof CompanyValues)[]).filter(
          (k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]),
        );
        await audit(trx, actorOf(caller), {
          action: 'company.update',
          entity: 'company',
          entityId: id,
          companyId: id,
          detail: { changed: fieldNames(changed) },
        });
        return toCompany(caller, row);
      },
      { unique: codeTaken },
    );
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'company', 'delete');
    const inUse = () => conflictOn('org.companyInUse');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked: found } = await lockInScope(trx, caller, id);
        if (await tx.inUse(id)) throw inUse();
        await tx.remove(found);
        await audit(trx, actorOf(caller), {
          action: 'company.delete',
          entity: 'company',
          entityId: id,
          companyId: id,
          detail: { name: found.name, code: found.code },
        });
      },
      { foreignKey: inUse },
    );
  }

  return { list, get, create, update, remove };
}

export type CompaniesService = ReturnType<typeof companiesService>;
