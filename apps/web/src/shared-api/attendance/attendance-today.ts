import { queryOptions } from '@tanstack/react-query';
import { attendancePageSchema, type AttendanceDay } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';
import { localIsoDate } from '../../lib/format.ts';

/**
 * GET /attendance?msisdnId&from&to: the MSISDN's newest attendance day around now (yesterday to tomorrow in the
 * browser's zone covers a shift date in any zone and a night shift's), for the Monitor's "present since 08:03".
 * Under the `attendance` key, so a recomputation or an override seen by the attendance pages refreshes it too.
 */
export const attendanceTodayQueryOptions = (msisdnId: number, nowMs: number) =>
  queryOptions({
    queryKey: ['attendance', 'today', msisdnId] as const,
    queryFn: async ({ signal }): Promise<AttendanceDay | null> => {
      const search = new URLSearchParams({
        msisdnId: String(msisdnId),
        from: localIsoDate(new Date(nowMs - 86_400_000)),
        to: localIsoDate(new Date(nowMs + 86_400_000)),
        size: '3',
      });
      const page = await apiRequest(`/attendance?${search}`, { schema: attendancePageSchema, signal });
      // Newest first: the open (PROVISIONAL) day if there is one, else the last one computed.
      return page.items.find((d) => d.state === 'PROVISIONAL') ?? page.items[0] ?? null;
    },
    refetchInterval: 60_000,
  });
