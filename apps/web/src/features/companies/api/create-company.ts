import { companySchema, type Company, type CompanyCreateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useCreateMutation } from '../../../lib/api/resource.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

/** POST /companies (SuperAdmin). */
export function createCompany(body: CompanyCreateBody): Promise<Company> {
  return apiRequest(COMPANIES_PATH, { method: 'POST', body, schema: companySchema });
}

export const useCreateCompany = () => useCreateMutation(companyKeys, createCompany);
