import { companyPageSchema, type CompanyPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

/** GET /companies?page&size&sort&q&status. */
export function listCompanies(params: ListParams, signal?: AbortSignal): Promise<CompanyPage> {
  return fetchList(COMPANIES_PATH, companyPageSchema, params, signal);
}

export const companiesQueryOptions = (params: ListParams) =>
  listQueryOptions(companyKeys.list(params), (signal) => listCompanies(params, signal));
