import {
  can,
  CONSENT_BULK_MAX,
  MESSAGES,
  type ConsentBulkRequestBody,
  type ConsentBulkResult,
  type Msisdn,
  type MsisdnCreateBody,
  type MsisdnDirectoryEntry,
  type MsisdnDirectoryPage,
  type MsisdnDirectoryQuery,
  type MsisdnListQuery,
  type MsisdnPage,
  type MsisdnUpdateBody,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { authorize, fieldNames, type Caller } from '../../access/caller.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany, resolveUnit } from '../../access/references.ts';
import { locatePolicy, msisdnPolicy, type LocateStanding } from '../../access/policies/msisdn.ts';
import { lockInScopeOf, writeTransaction } from '../../access/writes.ts';
import { scoped } from '../../access/scoped.ts';
import { emitConsentRevoked, emitMsisdnCreated, emitMsisdnDeleted } from '../../events/emit.ts';
import type { ConsentService } from './consent.ts';
import {
  lockConsentTargets,
  msisdnsRepository,
  pendingExpired,
  type DirectoryRecord,
  type MsisdnRecord,
  type MsisdnValues,
} from './repository.ts';

/** A number asked for consent within this long is not asked again by a bulk request (a second click). */
export const REASK_AFTER_MS = 3_600_000;

/** Who the number is and where it sits: what the full record and the Monitor's directory entry share. */
function placeOf(row: DirectoryRecord) {
  return {
    id: row.id,
    msisdn: row.msisdn,
    employeeName: row.employee_name,
    companyId: row.company_id,
    companyName: row.company_name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    zoneId: row.zone_id,
    zoneName: row.zone_name,
    designationId: row.designation_id,
    designationName: row.designation_name,
    consentStatus: row.consent_status,
    trackingEnabled: row.tracking_enabled,
  };
}

/** What decides whether the number can be located at all (the policy's input). */
const standingOf = (row: DirectoryRecord): LocateStanding => ({
  consentStatus: row.consent_status,
  trackingEnabled: row.tracking_enabled,
  companyStatus: row.company_status,
});

const policyOf = (caller: Caller, row: MsisdnRecord) => msisdnPolicy(caller, standingOf(row));

/** The answer for one MSISDN, with what the caller may do to it. */
export function toMsisdn(caller: Caller, row: MsisdnRecord): Msisdn {
  return {
    ...placeOf(row),
    employeeCode: row.employee_code,
    email: row.email,
    consentAt: isoOrNull(row.consent_at),
    consentRequestedAt: isoOrNull(row.consent_requested_at),
    ...policyOf(caller, row),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The Monitor's directory entries of a caller: each number with whether the caller may locate it now (the `locate`
 * part of the same policy, its role part decided once).
 */
function directoryEntriesOf(caller: Caller) {
  const locate = locatePolicy(caller);
  return (row: DirectoryRecord): MsisdnDirectoryEntry => {
    const { allowed, blockedBy } = locate(standingOf(row));
    return {
      ...placeOf(row),
      abilities: { locate: allowed },
      blockedBy: blockedBy ? { locate: blockedBy } : {},
    };
  };
}

const numberTaken = () => conflictOn('msisdn.taken', 'msisdn');

/** Zone of an MSISDN: only in a company with zones, and a ZoneAdmin cannot take a number out of its zone. */
async function checkZone(
  db: Executor,
  caller: Caller,
  company: { id: number; zoneEnabled: boolean },
  zoneId: number | null,
): Promise<void> {
  if (zoneId === null) {
    if (caller.scope.tier === 'zone') throw invalidField('zoneId', 'org.zoneNotFound');
    return;
  }
  if (!company.zoneEnabled) throw invalidField('zoneId', 'org.zonesDisabled');
  await resolveUnit(db, caller.scope, 'zones', zoneId, company.id, 'zoneId');
}

/** Employee MSISDNs: scoped reads and edits for all four roles; adding, deleting and a new number SuperAdmin only. */
export function msisdnsService({
  db,
  consent,
  now = () => new Date(),
}: {
  db: Db;
  consent: ConsentService;
  now?: () => Date;
}) {
  const repo = msisdnsRepository(db);

  const lockInScope = lockInScopeOf(msisdnsRepository, 'The MSISDN');

  async function list(caller: Caller, query: MsisdnListQuery): Promise<MsisdnPage> {
    authorize(caller, 'msisdn', 'list');
    const { rows, total } = await repo.list(caller.scope, query);
    return { items: rows.map((row) => toMsisdn(caller, row)), total, page: query.page, size: query.size };
  }

  /** A page of the directory: the numbers in scope after `after`, in id order, and where the next page starts. */
  async function directory(caller: Caller, query: MsisdnDirectoryQuery): Promise<MsisdnDirectoryPage> {
    authorize(caller, 'msisdn', 'list');
    // One row more than the page says whether another page follows: a last page that happens to be full does not
    // cost the reader an empty one.
    const rows = await repo.directory(caller.scope, query.after ?? 0, query.size + 1);
    const more = rows.length > query.size;
    if (more) rows.length = query.size;
    return {
      items: rows.map(directoryEntriesOf(caller)),
      next: more ? rows.at(-1)!.id : null,
    };
  }

  async function get(caller: Caller, id: number): Promise<Msisdn> {
    authorize(caller, 'msisdn', 'read');
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound('The MSISDN');
    return toMsisdn(caller, row);
  }

  async function create(caller: Caller, body: MsisdnCreateBody): Promise<Msisdn> {
    authorize(caller, 'msisdn', 'create');
    const created = await writeTransaction(
      db,
      async (trx) => {
        const company = await resolveCompany(trx, caller.scope, body.companyId);
        await resolveUnit(trx, caller.scope, 'departments', body.departmentId, company.id, 'departmentId');
        await checkZone(trx, caller, company, body.zoneId ?? null);
        await resolveUnit(trx, caller.scope, 'designations', body.designationId, company.id, 'designationId');
        const tx = msisdnsRepository(trx);
        if (await tx.numberTaken(body.msisdn)) throw numberTaken();
        const values: MsisdnValues = {
          company_id: company.id,
          department_id: body.departmentId,
          zone_id: body.zoneId ?? null,
          designation_id: body.designationId,
          msisdn: body.msisdn,
          employee_name: body.employeeName,
          employee_code: body.employeeCode ?? null,
          email: body.email ?? null,
          tracking_enabled: body.trackingEnabled,
        };
        const id = await tx.insert(values);
        await audit(trx, actorOf(caller), {
          action: 'msisdn.create',
          entity: 'msisdn',
          entityId: id,
          companyId: company.id,
          detail: { msisdn: body.msisdn },
        });
        await emitMsisdnCreated(trx, {
          id,
          msisdn: body.msisdn,
          companyId: company.id,
          departmentId: values.department_id,
          zoneId: values.zone_id,
        });
        await consent.requestConsent(
          trx,
          [{ id, msisdn: body.msisdn, companyId: company.id }],
          company.name,
          actorOf(caller),
        );
        return { id };
      },
      { unique: numberTaken },
    );
    return get(caller, created.id);
  }

  async function update(caller: Caller, id: number, body: MsisdnUpdateBody): Promise<Msisdn> {
    authorize(caller, 'msisdn', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        const company = await resolveCompany(trx, { tier: 'all' }, locked.company_id);
        const patch: Parameters<typeof tx.update>[1] = {};
        let renumbered = false;
        if (body.msisdn !== undefined && body.msisdn !== locked.msisdn) {
          if (!can(caller.user.role, 'msisdn', 'changeNumber')) {
            throw new AppError(403, 'msisdn.numberChangeForbidden', MESSAGES['msisdn.numberChangeForbidden']);
          }
          if (await tx.numberTaken(body.msisdn, id)) throw numberTaken();
          // A new number is a new subscriber: its consent starts again.
          Object.assign(patch, {
            msisdn: body.msisdn,
            consent_status: 'PENDING',
            consent_at: null,
            consent_requested_at: null,
          });
          renumbered = true;
        }
        if (body.departmentId !== undefined && body.departmentId !== locked.department_id) {
          await resolveUnit(trx, caller.scope, 'departments', body.departmentId, company.id, 'departmentId');
          patch.department_id = body.departmentId;
        }
        if (body.zoneId !== undefined && body.zoneId !== locked.zone_id) {
          await checkZone(trx, caller, company, body.zoneId);
          patch.zone_id = body.zoneId;
        }
        if (body.designationId !== undefined && body.designationId !== locked.designation_id) {
          await resolveUnit(
            trx,
            caller.scope,
            'designations',
            body.designationId,
            company.id,
            'designationId',
          );
          patch.designation_id = body.designationId;
        }
        if (body.employeeName !== undefined && body.employeeName !== locked.employee_name)
          patch.employee_name = body.employeeName;
        if (body.employeeCode !== undefined && body.employeeCode !== locked.employee_code)
          patch.employee_code = body.employeeCode;
        if (body.email !== undefined && body.email !== locked.email) patch.email = body.email;
        if (body.trackingEnabled !== undefined && body.trackingEnabled !== locked.tracking_enabled)
          patch.tracking_enabled = body.trackingEnabled;
        if (Object.keys(patch).length === 0) return;
        await tx.update(locked, patch, now());
        // Defence in depth: an edit never moves a number out of the editor's own scope.
        const stillVisible = await scoped(trx, caller.scope)
          .msisdns()
          .select('msisdns.id')
          .where('msisdns.id', '=', id)
          .executeTakeFirst();
        if (!stillVisible) throw invalidField('departmentId', 'validation.invalid');
        await audit(trx, actorOf(caller), {
          action: 'msisdn.update',
          entity: 'msisdn',
          entityId: id,
          companyId: locked.company_id,
          detail: {
            changed: fieldNames(Object.keys(patch).filter((k) => !k.startsWith('consent_'))),
            ...(renumbered ? { consentReset: true } : {}),
          },
        });
        // The employee hears of it when an admin switches locating of a consented phone off or on.
        if (patch.tracking_enabled !== undefined && !renumbered)
          await consent.trackingReceipt(
            trx,
            { msisdn: locked.msisdn, consentStatus: locked.consent_status, companyId: locked.company_id },
            company.name,
            patch.tracking_enabled,
          );
        if (renumbered && body.msisdn !== undefined) {
          // The old number's consent ends with it; the new number is asked.
          if (locked.consent_status === 'GRANTED')
            await emitConsentRevoked(
              trx,
              { id, msisdn: locked.msisdn, companyId: locked.company_id },
              { via: 'PORTAL', previous: 'GRANTED', at: now() },
            );
          await consent.requestConsent(
            trx,
            [{ id, msisdn: body.msisdn, companyId: company.id }],
            company.name,
            actorOf(caller),
          );
        }
      },
      { unique: numberTaken },
    );
    return get(caller, id);
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'msisdn', 'delete');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        await tx.remove(locked);
        await audit(trx, actorOf(caller), {
          action: 'msisdn.delete',
          entity: 'msisdn',
          entityId: id,
          companyId: locked.company_id,
          detail: { msisdn: locked.msisdn },
        });
        await emitMsisdnDeleted(trx, { id, msisdn: locked.msisdn, companyId: locked.company_id });
      },
      { foreignKey: () => conflictOn('org.inUse') },
    );
  }

  /** Asks again (a lost SMS, or a refusal or revocation the employee may reconsider); not once consent is GRANTED. */
  async function resendConsent(caller: Caller, id: number): Promise<Msisdn> {
    authorize(caller, 'msisdn', 'resendConsent');
    await db.transaction().execute(async (trx) => {
      const { tx, locked } = await lockInScope(trx, caller, id);
      if (locked.consent_status === 'GRANTED') throw conflictOn('msisdn.consentAlreadyGranted');
      if (locked.consent_status !== 'PENDING') {
        await tx.update(locked, { consent_status: 'PENDING' }, now());
        await audit(trx, actorOf(caller), {
          action: 'msisdn.consent.reopen',
          entity: 'msisdn',
          entityId: id,
          companyId: locked.company_id,
          detail: { previous: locked.consent_status },
        });
      }
      const company = await resolveCompany(trx, { tier: 'all' }, locked.company_id);
      await consent.requestConsent(
        trx,
        [{ id, msisdn: locked.msisdn, companyId: locked.company_id }],
        company.name,
        actorOf(caller),
      );
    });
    return get(caller, id);
  }

  /**
   * Asks again, in one transaction, the PENDING numbers in the caller's scope that are named or flagged as unanswered
   * (one consent SMS each, one audit row each); those asked within REASK_AFTER_MS are skipped.
   */
  async function requestConsentBulk(
    caller: Caller,
    body: ConsentBulkRequestBody,
  ): Promise<ConsentBulkResult> {
    authorize(caller, 'msisdn', 'resendConsent');
    return db.transaction().execute(async (trx) => {
      let q = lockConsentTargets(scoped(trx, caller.scope).msisdns());
      q = body.ids
        ? q.where('msisdns.id', 'in', body.ids)
        : q.where(pendingExpired(true)).limit(CONSENT_BULK_MAX);
      const rows = await q.execute();
      const recent = now().getTime() - REASK_AFTER_MS;
      const due = rows.filter(
        (r) =>
          r.consent_status === 'PENDING' &&
          (r.consent_requested_at === null || r.consent_requested_at.getTime() <= recent),
      );
      const byCompany = new Map<number, typeof due>();
      for (const r of due) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
      for (const [companyId, targets] of byCompany)
        await consent.requestConsent(
          trx,
          targets.map((t) => ({ id: t.id, msisdn: t.msisdn, companyId })),
          targets[0]!.company_name,
          actorOf(caller),
        );
      return { requested: due.length, skipped: rows.length - due.length };
    });
  }

  return { list, directory, get, create, update, remove, resendConsent, requestConsentBulk };
}

export type MsisdnsService = ReturnType<typeof msisdnsService>;
