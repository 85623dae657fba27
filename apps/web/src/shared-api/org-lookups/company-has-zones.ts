import { useQuery } from '@tanstack/react-query';
import { orgUnitPageSchema, type OrgUnitPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../lib/api/list-query.ts';
import { ORG_LOOKUP_PATHS, orgLookupKeys } from './keys.ts';

const firstZone = (companyId: number | null | undefined): ListParams => ({
  page: 1,
  size: 1,
  filters: { companyId },
});

/** GET /zones?page=1&size=1&companyId=: one zone of the company, if it has any. */
export function listFirstZone(
  companyId: number | null | undefined,
  signal?: AbortSignal,
): Promise<OrgUnitPage> {
  return fetchList(ORG_LOOKUP_PATHS.zone, orgUnitPageSchema, firstZone(companyId), signal);
}

/** Whether the company has zones (a company without zones enabled has none): the MSISDN form's zone field. */
export function useCompanyHasZones(companyId: number | null | undefined): boolean {
  const zones = useQuery({
    ...listQueryOptions(orgLookupKeys('zone').list(firstZone(companyId)), (signal) =>
      listFirstZone(companyId, signal),
    ),
    enabled: Boolean(companyId),
  });
  return (zones.data?.total ?? 0) > 0;
}
