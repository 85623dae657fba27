import type { QueryClient } from '@tanstack/react-query';
import { msisdnResourceKeys } from '../../../shared-api/msisdns/keys.ts';

/**
 * Query keys of the employee MSISDN screens: the shared MSISDN resource's (lists, details, positions) and the
 * screens' own, all under `msisdnKeys.all`.
 */
export const msisdnKeys = {
  ...msisdnResourceKeys,
  importJob: (id: string) => [...msisdnResourceKeys.all, 'imports', id] as const,
  deviceToken: (id: number) => [...msisdnResourceKeys.detail(id), 'device-token'] as const,
};

/** After a write: every list page, every details view and everything below them may have changed. */
export function invalidateMsisdns(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: msisdnKeys.all });
}
