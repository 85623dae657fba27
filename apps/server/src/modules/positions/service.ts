import {
  MESSAGES,
  POSITION_HISTORY_MAX_DAYS,
  type DeviceToken,
  type DeviceTokenStatus,
  type LocateResult,
  type MonitorPositionsQuery,
  type PositionHistory,
  type PositionHistoryQuery,
} from '@lbs/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import type { AuditBatcher } from '../../events/audit-batch.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as deviceTokens from '../../location/device-tokens.ts';
import type { LocationRuntime } from '../../location/index.ts';
import { mayLocate } from '../../location/locate-policy.ts';
import { resultReason } from '../../location/mlp/result-codes.ts';
import { takeLocateSlot } from '../../location/rate-limit.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { ownCompanyOf } from '../../access/scope.ts';
import type { MonitorBody, MonitorSnapshots } from './monitor-snapshots.ts';
import { positionsRepository, type MsisdnForLocation } from './repository.ts';

/** A Monitor answer: a body (whole or changes), or 304 when the client's copy (If-None-Match) is current. */
export type MonitorAnswer =
  { status: 200; etag: string | undefined; answer: MonitorBody } | { status: 304; etag: string };

export interface PositionsServiceOptions {
  db: Db;
  /** The location runtime: "locate now" asks the network through its locator (read at each call). */
  location: Pick<LocationRuntime, 'locator'>;
  config: Pick<Config, 'publicUrl' | 'location'>;
  /** The Monitor snapshots of this process (monitor-snapshots.ts). */
  snapshots: MonitorSnapshots;
  /** Group commit of the Monitor's view audits. */
  viewAudit: AuditBatcher;
}

/** Whether an If-None-Match header names the ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/** Positions for the Monitor page, history, "locate now" and device tokens; every view of a location is audited. */
export function positionsService({ db, location, config, snapshots, viewAudit }: PositionsServiceOptions) {
  /**
   * GET /monitor/positions from the shared in-memory snapshot of what the caller sees: the whole of it (serialised
   * once per change; 304 when If-None-Match names the current version), or with `since` what changed after that
   * cursor (everything when the cursor is not this snapshot's). Every view is audited, in a group commit that is
   * stored before the answer leaves.
   */
  async function monitor(
    caller: Caller,
    query: MonitorPositionsQuery,
    ifNoneMatch?: string,
  ): Promise<MonitorAnswer> {
    authorize(caller, 'location', 'view');
    const snapshot = await snapshots.get(caller.scope, query);
    const since = query.since === undefined ? undefined : snapshot.versionOf(query.since);
    let result: MonitorAnswer;
    let detail: Record<string, unknown>;
    if (since !== undefined) {
      const answer = snapshot.changedSince(since, query.format);
      result = { status: 200, etag: undefined, answer };
      detail = { view: 'monitor', since: query.since, count: answer.count, msisdnIds: answer.msisdnIds };
    } else {
      const answer = snapshot.rendered(snapshots.minRenderMs, query.format);
      const current = matches(ifNoneMatch, answer.etag);
      result = current ? { status: 304, etag: answer.etag } : { status: 200, etag: answer.etag, answer };
      detail = { view: 'monitor', count: answer.count, msisdnIds: answer.msisdnIds };
      if (current) detail['notModified'] = true;
    }
    await viewAudit.record(actorOf(caller), {
      action: 'location.view',
      entity: 'msisdn',
      companyId: ownCompanyOf(caller.scope) ?? query.companyId ?? null,
      detail,
    });
    return result;
  }

  async function history(
    caller: Caller,
    msisdnId: number,
    query: PositionHistoryQuery,
  ): Promise<PositionHistory> {
    authorize(caller, 'location', 'history');
    const msisdn = await msisdnInScope(caller, msisdnId);
    const to = query.to ?? new Date();
    const from = query.from ?? new Date(to.getTime() - 86_400_000);
    if (!(from < to) || to.getTime() - from.getTime() > POSITION_HISTORY_MAX_DAYS * 86_400_000) {
      throw new AppError(400, 'problem.validation', MESSAGES['problem.validation'], [
        { path: 'query.from', code: 'location.rangeInvalid', message: MESSAGES['location.rangeInvalid'] },
      ]);
    }
    const rows = await positionsRepository(db).history(
      caller.scope,
      msisdn.id,
      from,
      to,
      query.limit,
      query.keep,
    );
    const truncated = rows.length > query.limit;
    const kept = rows.slice(0, query.limit);
    if (query.keep === 'last') kept.reverse();
    const items = kept.map((r) => ({
      id: r.id,
      time: new Date(r.time).toISOString(),
      lat: r.lat,
      lon: r.lon,
      accuracyM: r.accuracy_m,
      source: r.source,
      receivedAt: new Date(r.received_at).toISOString(),
    }));
    await audit(db, actorOf(caller), {
      action: 'location.view',
      entity: 'msisdn',
      entityId: msisdn.id,
      companyId: msisdn.companyId,
      detail: { view: 'history', from: from.toISOString(), to: to.toISOString(), count: items.length },
    });
    return { msisdnId: msisdn.id, from: from.toISOString(), to: to.toISOString(), items, truncated };
  }

  /** Locate now: the scheduler's rule (consent, tracking, window), then the company's per-minute limit, then MLP. */
  async function locateNow(caller: Caller, msisdnId: number, now: Date = new Date()): Promise<LocateResult> {
    authorize(caller, 'location', 'locate');
    const msisdn = await msisdnInScope(caller, msisdnId);
    const decision = mayLocate(
      {
        id: msisdn.id,
        msisdn: msisdn.msisdn,
        companyId: msisdn.companyId,
        consentStatus: msisdn.consentStatus,
        trackingEnabled: msisdn.trackingEnabled,
      },
      msisdn.company,
      now,
    );
    if (!decision.ok) throw new AppError(409, decision.reason, MESSAGES[decision.reason]);
    const slot = await takeLocateSlot(db, msisdn.companyId, config.location.locateRateLimitPerMinute, now);
    if (!slot.allowed) {
      throw new AppError(429, 'location.rateLimited', MESSAGES['location.rateLimited'], undefined, {
        'retry-after': String(slot.retryAfterSeconds),
      });
    }
    const outcome = await location.locator.locate([decision.permit], {
      kind: 'USER',
      userId: caller.user.id,
    });
    const result = outcome.results[0]!;
    await audit(db, actorOf(caller), {
      action: 'location.locate',
      entity: 'msisdn',
      entityId: msisdn.id,
      companyId: msisdn.companyId,
      detail: {
        resultCode: result.resultCode,
        result: outcome.resultCode,
        latencyMs: outcome.exchange.latencyMs,
      },
    });
    if (outcome.exchange.failure)
      throw new AppError(502, 'location.networkError', MESSAGES['location.networkError']);
    const p = result.position;
    return {
      msisdnId: msisdn.id,
      status: p ? 'LOCATED' : 'FAILED',
      resultCode: result.resultCode,
      result: result.result,
      reason: p ? null : resultReason(result.resultCode),
      position: p
        ? {
            msisdnId: msisdn.id,
            msisdn: msisdn.msisdn,
            employeeName: msisdn.employeeName,
            companyId: msisdn.companyId,
            departmentId: msisdn.departmentId,
            zoneId: msisdn.zoneId,
            lat: p.lat,
            lon: p.lon,
            accuracyM: p.accuracyM,
            time: p.time.toISOString(),
            source: p.source,
          }
        : null,
      latencyMs: outcome.exchange.latencyMs,
    };
  }

  /** Whether the tracking app has a live token; for those who may issue one (the token itself is never shown again). */
  async function deviceTokenStatus(caller: Caller, msisdnId: number): Promise<DeviceTokenStatus> {
    authorize(caller, 'msisdn', 'issueDeviceToken');
    const msisdn = await msisdnInScope(caller, msisdnId);
    const live = await deviceTokens.liveDeviceToken(db, msisdn.id);
    return {
      msisdnId: msisdn.id,
      active: live !== undefined,
      createdAt: live?.createdAt.toISOString() ?? null,
      lastUsedAt: live?.lastUsedAt?.toISOString() ?? null,
    };
  }

  async function issueDeviceToken(caller: Caller, msisdnId: number): Promise<DeviceToken> {
    authorize(caller, 'msisdn', 'issueDeviceToken');
    const msisdn = await msisdnInScope(caller, msisdnId);
    const issued = await db.transaction().execute(async (trx) => {
      const token = await deviceTokens.issueDeviceToken(trx, msisdn.id, caller.user.id);
      await audit(trx, actorOf(caller), {
        action: 'msisdn.deviceToken.issue',
        entity: 'msisdn',
        entityId: msisdn.id,
        companyId: msisdn.companyId,
      });
      return token;
    });
    const base = config.publicUrl;
    return {
      msisdnId: msisdn.id,
      token: issued.token,
      createdAt: issued.createdAt.toISOString(),
      osmand: { url: `${base}/ingest/osmand`, id: issued.token },
      owntracks: {
        url: `${base}/ingest/owntracks`,
        username: msisdn.msisdn.replace(/^\+/, ''),
        password: issued.token,
      },
    };
  }

  async function revokeDeviceToken(caller: Caller, msisdnId: number): Promise<void> {
    authorize(caller, 'msisdn', 'issueDeviceToken');
    const msisdn = await msisdnInScope(caller, msisdnId);
    await db.transaction().execute(async (trx) => {
      const revoked = await deviceTokens.revokeDeviceTokens(trx, msisdn.id);
      await audit(trx, actorOf(caller), {
        action: 'msisdn.deviceToken.revoke',
        entity: 'msisdn',
        entityId: msisdn.id,
        companyId: msisdn.companyId,
        detail: { revoked },
      });
    });
  }

  async function msisdnInScope(caller: Caller, id: number): Promise<MsisdnForLocation> {
    const msisdn = await positionsRepository(db).msisdn(caller.scope, id);
    if (!msisdn) throw notFound('The MSISDN');
    return msisdn;
  }

  return { monitor, history, locateNow, deviceTokenStatus, issueDeviceToken, revokeDeviceToken };
}

export type PositionsService = ReturnType<typeof positionsService>;
