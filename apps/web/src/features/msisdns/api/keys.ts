import type { QueryClient } from '@tanstack/react-query';
import { listQueryKey } from '../../../lib/api/list-query.ts';

export const MSISDNS_PATH = '/msisdns';

/** Query keys of the employee MSISDN screens (the list pages live under the shared list key of `/msisdns`). */
export const msisdnKeys = {
  all: ['msisdns'] as const,
  detail: (id: number) => ['msisdns', 'detail', id] as const,
  importJob: (id: string) => ['msisdns', 'imports', id] as const,
  deviceToken: (id: number) => ['msisdns', 'detail', id, 'device-token'] as const,
};

/** After a write: every list page and every details view may have changed. */
export function invalidateMsisdns(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listQueryKey(MSISDNS_PATH) }),
    queryClient.invalidateQueries({ queryKey: msisdnKeys.all }),
  ]).then(() => undefined);
}
