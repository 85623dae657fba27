import { apiRequest } from '../../../lib/api/client.ts';
import { useDeleteMutation } from '../../../lib/api/resource.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

/** DELETE /companies/{id} (SuperAdmin): 409 org.companyInUse while anything still belongs to it. */
export function deleteCompany(id: number | string): Promise<unknown> {
  return apiRequest(`${COMPANIES_PATH}/${id}`, { method: 'DELETE' });
}

export const useDeleteCompany = () => useDeleteMutation(companyKeys, deleteCompany);
