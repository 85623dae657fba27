import type { FastifyReply, FastifyRequest } from 'fastify';
import { MONITOR_STREAM_EVENTS, MONITOR_STREAM_HEARTBEAT_MS } from '@lbs/contracts';
import { actorOf } from '../../events/audit.ts';
import type { AuditBatcher } from '../../events/audit-batch.ts';
import type { PositionHub } from '../../location/fanout.ts';
import type { Caller } from '../../access/caller.ts';
import { ownCompanyOf } from '../../access/scope.ts';

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
  const open = new Set<() => void>();

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
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(
      `retry: 5000\nevent: ${MONITOR_STREAM_EVENTS.ready}\ndata: ${JSON.stringify({ heartbeatMs })}\n\n`,
    );
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      raw.end();
    };
    const unsubscribe = hub.subscribe(caller.scope, (position) => {
      if (raw.writableLength > MAX_BUFFERED_BYTES) return end();
      raw.write(
        `id: ${position.positionId}\nevent: ${MONITOR_STREAM_EVENTS.position}\ndata: ${JSON.stringify(position)}\n\n`,
      );
    });
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    open.add(end);
    request.raw.on('close', end);
    raw.on('error', end);
  }

  return {
    open: stream,
    get size(): number {
      return open.size;
    },
    endAll(): void {
      for (const end of [...open]) end();
    },
  };
}

export type MonitorStreams = ReturnType<typeof monitorStreams>;
