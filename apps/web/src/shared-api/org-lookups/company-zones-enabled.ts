import { useQuery } from '@tanstack/react-query';
import { companySchema } from '@lbs/contracts';
import { fetchDetail } from '../../lib/api/resource.ts';
import { ORG_LOOKUP_PATHS, orgLookupKeys } from './keys.ts';

/**
 * GET /companies/{id}, read for its configuration: whether the company has zones turned on (undefined until known,
 * or without a company). The entry is the companies feature's detail entry (same key, same schema).
 */
export function useZonesEnabled(companyId: number | null | undefined): boolean | undefined {
  const company = useQuery({
    queryKey: orgLookupKeys('company').detail(companyId ?? ''),
    queryFn: ({ signal }) => fetchDetail(ORG_LOOKUP_PATHS.company, companyId!, companySchema, signal),
    enabled: companyId !== null && companyId !== undefined,
  });
  return company.data?.config.zoneEnabled;
}
