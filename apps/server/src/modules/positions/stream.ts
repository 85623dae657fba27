import type { FastifyReply, FastifyRequest } from 'fastify';
import { MONITOR_STREAM_EVENTS, MONITOR_STREAM_HEARTBEAT_MS } from '@lbs/contracts';
import { actorOf } from '../../events/audit.ts';
import type { AuditBatcher } from '../../events/audit-batch.ts';
import type { PositionHub } from '../../location/fanout.ts';
import type { Caller } from '../../access/caller.ts';
import { ownCompanyOf } from '../../access/scope.ts';
import { sseEvent, sseStreams } from '../../lib/sse.ts';

/** A stream that has fallen this far behind (bytes not yet sent) is closed; the page reconnects and reloads. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface MonitorStreamsOptions {
  /** Group commit of view audits: the opening is stored before the stream answers. */
  viewAudit: Pick<AuditBatcher, 'record'>;
  /** The live fan-out of new positions (location/fanout.ts). */
  hub: Pick<PositionHub, 'subscribe'>;
  heartbeatMs?: number;
}

/** The open Monitor streams of this process, so a shutdown can end them (they never end by themselves). */
export function monitorStreams({
  viewAudit,
  hub,
  heartbeatMs = MONITOR_STREAM_HEARTBEAT_MS,
}: MonitorStreamsOptions) {
  const streams = sseStreams({ heartbeatMs, readyEvent: MONITOR_STREAM_EVENTS.ready });

  /**
   * Server-sent events for one caller: `ready` once, then a `position` event (id = position id) for each new position
   * in the caller's scope, from any replica; a comment every 15 s keeps proxies from closing it. Opening it is
   * audited as a view of the scope's locations.
   */
  async function stream(caller: Caller, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await viewAudit.record(actorOf(caller), {
      action: 'location.view',
      entity: 'msisdn',
      companyId: ownCompanyOf(caller.scope) ?? null,
      detail: { view: 'stream', scope: caller.scope },
    });
    let unsubscribe = () => {};
    const connection = streams.start(request, reply, () => unsubscribe());
    unsubscribe = hub.subscribe(caller.scope, (position) => {
      if (connection.buffered > MAX_BUFFERED_BYTES) return connection.end();
      connection.send(sseEvent(MONITOR_STREAM_EVENTS.position, position, position.positionId));
    });
  }

  return {
    open: stream,
    get size(): number {
      return streams.size;
    },
    endAll(): void {
      streams.endAll();
    },
  };
}

export type MonitorStreams = ReturnType<typeof monitorStreams>;
