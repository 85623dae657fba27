import { monitorFixesOfColumns, monitorPositionColumnsCheck, type MonitorFixes } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';

/**
 * GET /monitor/positions: the latest fix of every MSISDN in scope, or (with `since`, a cursor) what changed since then.
 * Asked for as columns (a third of the bytes of one object per position) and read back into items, their times as
 * epoch milliseconds.
 */
export async function fetchMonitorPositions(
  since: string | undefined,
  signal?: AbortSignal,
): Promise<MonitorFixes> {
  const query = since ? `&since=${encodeURIComponent(since)}` : '';
  const body = await apiRequest(`/monitor/positions?format=columns${query}`, {
    schema: monitorPositionColumnsCheck,
    signal,
  });
  return monitorFixesOfColumns(body);
}
