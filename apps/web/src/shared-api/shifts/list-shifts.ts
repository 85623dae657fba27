import { queryOptions } from '@tanstack/react-query';
import { shiftListSchema, type Shift } from '@lbs/contracts';
import { apiRequest } from '../../lib/api/client.ts';

/** GET /shifts?companyId: a company's shifts (attendance; an attendance site names one). */
export const SHIFTS_PATH = '/shifts';
export const shiftKeys = {
  all: ['shifts'] as const,
  list: (companyId: number | null | undefined) => [...shiftKeys.all, 'list', companyId ?? null] as const,
};

export const shiftsQueryOptions = (companyId?: number | null) =>
  queryOptions({
    queryKey: shiftKeys.list(companyId),
    queryFn: async ({ signal }): Promise<Shift[]> =>
      (
        await apiRequest(`${SHIFTS_PATH}${companyId ? `?companyId=${companyId}` : ''}`, {
          schema: shiftListSchema,
          signal,
        })
      ).items,
  });
