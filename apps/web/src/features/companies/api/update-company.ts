import { companySchema, type Company, type CompanyUpdateBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useUpdateMutation } from '../../../lib/api/resource.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

/** PATCH /companies/{id} (SuperAdmin): the edit form sends all of it. */
export function updateCompany(id: number | string, body: CompanyUpdateBody): Promise<Company> {
  return apiRequest(`${COMPANIES_PATH}/${id}`, { method: 'PATCH', body, schema: companySchema });
}

export const useUpdateCompany = () => useUpdateMutation(companyKeys, updateCompany);
