import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { LocatePermit } from './locate-policy.ts';
import type { MlpClient, MlpExchange } from './mlp/client.ts';
import { CLIENT_RESULTS, MLP_OK, resultText } from './mlp/result-codes.ts';
import type { PositionPipeline, StoredPosition } from './pipeline.ts';

/** Who asked: the schedule, or a portal user (locate now). */
export type Requester = { kind: 'SCHEDULE' } | { kind: 'USER'; userId: number };

export interface LocatedMsisdn {
  msisdnId: number;
  resultCode: number;
  result: string;
  position?: StoredPosition;
}

export interface LocateOutcome {
  exchange: MlpExchange;
  results: LocatedMsisdn[];
  /** Summary recorded with the request: OK, PARTIAL, FAILED, or the exchange's failure code. */
  resultCode: string;
}

/**
 * One MLP request for MSISDNs of one company that passed the gate: ask the GMLC, send the positions through the
 * pipeline, and record the request (who asked, which MSISDNs, result per MSISDN, latency) for billing and audit.
 */
export class Locator {
  constructor(
    private readonly db: Db,
    private readonly mlp: MlpClient,
    private readonly pipeline: PositionPipeline,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Metrics,
  ) {}

  get gmlc(): string {
    return this.mlp.gmlc;
  }

  async locate(permits: readonly LocatePermit[], requester: Requester): Promise<LocateOutcome> {
    if (permits.length === 0) throw new Error('nothing to locate');
    const companyId = permits[0]!.companyId;
    if (permits.some((p) => p.companyId !== companyId))
      throw new Error('one locate request covers one company');
    const exchange = await this.mlp.locate(permits);
    const fixes = exchange.results.filter((r) => r.resultCode === MLP_OK && r.fix);
    const { stored, rejected } = await this.pipeline.submit(
      fixes.map((r) => ({
        msisdnId: r.permit.msisdnId,
        time: r.fix!.time,
        lat: r.fix!.lat,
        lon: r.fix!.lon,
        accuracyM: r.fix!.accuracyM,
        source: 'NETWORK' as const,
        extra: { shape: r.fix!.shape },
      })),
    );
    const invalid = new Set(rejected.map((r) => fixes[r.index]!.permit.msisdnId));
    const byMsisdn = new Map(stored.map((p) => [p.msisdnId, p]));
    const results = exchange.results.map((r): LocatedMsisdn => {
      const msisdnId = r.permit.msisdnId;
      if (invalid.has(msisdnId))
        return {
          msisdnId,
          resultCode: CLIENT_RESULTS.INVALID_POSITION,
          result: resultText(CLIENT_RESULTS.INVALID_POSITION),
        };
      const position = byMsisdn.get(msisdnId);
      return position
        ? { msisdnId, resultCode: r.resultCode, result: r.result, position }
        : { msisdnId, resultCode: r.resultCode, result: r.result };
    });
    const located = results.filter((r) => r.position).length;
    const resultCode =
      exchange.failure?.code ?? (located === results.length ? 'OK' : located === 0 ? 'FAILED' : 'PARTIAL');
    await this.db
      .insertInto('locate_requests')
      .values({
        company_id: companyId,
        requested_by: requester.kind,
        user_id: requester.kind === 'USER' ? requester.userId : null,
        gmlc: exchange.gmlc,
        msisdn_ids: results.map((r) => r.msisdnId),
        msisdn_count: results.length,
        located,
        result_code: resultCode,
        results: JSON.stringify(Object.fromEntries(results.map((r) => [r.msisdnId, r.resultCode]))),
        latency_ms: exchange.latencyMs,
        attempts: exchange.attempts,
      })
      .execute();
    if (this.metrics) {
      this.metrics.mlpRequestSeconds.observe(
        { outcome: exchange.failure?.code ?? 'OK' },
        exchange.latencyMs / 1000,
      );
      for (const r of results) this.metrics.locates.inc({ result: r.position ? 'LOCATED' : r.result });
    }
    if (exchange.failure)
      this.log.warn(
        { gmlc: exchange.gmlc, failure: exchange.failure, msisdns: results.length },
        'MLP request failed',
      );
    return { exchange, results, resultCode };
  }
}
