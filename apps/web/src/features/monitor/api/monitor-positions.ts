import { monitorPositionsSchema, type MonitorPositions } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/** GET /monitor/positions: the latest fix of every MSISDN in scope, or (with `since`, a cursor) what changed since then. */
export function fetchMonitorPositions(
  since: string | undefined,
  signal?: AbortSignal,
): Promise<MonitorPositions> {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  return apiRequest(`/monitor/positions${query}`, { schema: monitorPositionsSchema, signal });
}
