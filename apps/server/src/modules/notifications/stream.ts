import type { FastifyReply, FastifyRequest } from 'fastify';
import { INBOX_STREAM_EVENTS, MONITOR_STREAM_HEARTBEAT_MS } from '@lbs/contracts';
import type { Caller } from '../../access/caller.ts';
import type { Db } from '../../db/database.ts';
import { notify } from '../../events/bus.ts';

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
  const byUser = new Map<number, Set<(chunk: string) => void>>();
  const open = new Set<() => void>();

  function stream(caller: Caller, request: FastifyRequest, reply: FastifyReply): void {
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
      `retry: 5000\nevent: ${INBOX_STREAM_EVENTS.ready}\ndata: ${JSON.stringify({ heartbeatMs })}\n\n`,
    );
    const userId = caller.user.id;
    const send = (chunk: string) => raw.write(chunk);
    const sends = byUser.get(userId) ?? new Set();
    sends.add(send);
    byUser.set(userId, sends);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      sends.delete(send);
      if (!sends.size) byUser.delete(userId);
      open.delete(end);
      raw.end();
    };
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    open.add(end);
    request.raw.on('close', end);
    raw.on('error', end);
  }

  return {
    open: stream,
    /** A NOTIFY on INBOX_CHANNEL (from any replica): each named user's open streams hear of it. */
    changed(payload: string): void {
      for (const id of payload.split(',')) {
        const sends = byUser.get(Number(id));
        if (sends) for (const send of sends) send(`event: ${INBOX_STREAM_EVENTS.notification}\ndata: {}\n\n`);
      }
    },
    get size(): number {
      return open.size;
    },
    endAll(): void {
      for (const end of [...open]) end();
    },
  };
}

export type InboxStreams = ReturnType<typeof inboxStreams>;
