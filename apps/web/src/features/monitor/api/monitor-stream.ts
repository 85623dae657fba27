import { openEventStream, type StreamStatus } from '../../../lib/api/event-stream.ts';
import type { SseEvent } from '../../../lib/api/sse-parser.ts';

/** GET /monitor/stream: `ready`, then a `position` event per new fix in scope (heartbeat comments every 15 s). */
export function openMonitorStream(handlers: {
  onEvent: (event: SseEvent) => void;
  onStatus: (status: StreamStatus) => void;
}) {
  return openEventStream('/monitor/stream', handlers);
}
