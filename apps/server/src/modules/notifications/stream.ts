import type { FastifyReply, FastifyRequest } from 'fastify';
import { INBOX_STREAM_EVENTS, MONITOR_STREAM_HEARTBEAT_MS } from '@lbs/contracts';
import type { Caller } from '../../access/caller.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../../events/bus.ts';
import { sseEvent, sseStreams, type SseConnection } from '../../lib/sse.ts';

/** NOTIFY channel of inbox changes; the payload is the ids of the users whose inbox changed, comma-separated. */
export const INBOX_CHANNEL = 'lbs_inbox';

/** Tells every replica, when the caller's transaction commits, that these users' inboxes changed. */
export async function notifyInbox(tx: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length) await notify(tx, INBOX_CHANNEL, [...new Set(userIds)].join(','));
}

/**
 * The open bell streams of this process, per user. A `notification` event says only "ask again": what the inbox
 * holds is read through the scoped API, so nothing travels here that the user's own requests would not show.
 */
export function inboxStreams({ heartbeatMs = MONITOR_STREAM_HEARTBEAT_MS } = {}) {
  const byUser = new Map<number, Set<SseConnection>>();
  const streams = sseStreams({ heartbeatMs, readyEvent: INBOX_STREAM_EVENTS.ready });

  function stream(caller: Caller, request: FastifyRequest, reply: FastifyReply): void {
    const userId = caller.user.id;
    const connections = byUser.get(userId) ?? new Set();
    byUser.set(userId, connections);
    const connection = streams.start(request, reply, () => {
      connections.delete(connection);
      if (!connections.size) byUser.delete(userId);
    });
    connections.add(connection);
  }

  return {
    open: stream,
    /** A NOTIFY on INBOX_CHANNEL (from any replica): each named user's open streams hear of it. */
    changed(payload: string): void {
      for (const id of payload.split(',')) {
        const connections = byUser.get(Number(id));
        if (connections) for (const c of connections) c.send(sseEvent(INBOX_STREAM_EVENTS.notification, {}));
      }
    },
    get size(): number {
      return streams.size;
    },
    endAll(): void {
      streams.endAll();
    },
  };
}

export type InboxStreams = ReturnType<typeof inboxStreams>;
