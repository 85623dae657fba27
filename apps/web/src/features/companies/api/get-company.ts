import { companySchema, type Company } from '@lbs/contracts';
import { detailQueryOptions, fetchDetail } from '../../../lib/api/resource.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

/** GET /companies/{id}: the company with its configuration and price plan. */
export function getCompany(id: number | string, signal?: AbortSignal): Promise<Company> {
  return fetchDetail(COMPANIES_PATH, id, companySchema, signal);
}

export const companyQueryOptions = (id: number | string) =>
  detailQueryOptions(companyKeys.detail(id), (signal) => getCompany(id, signal));
