import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tariffSchema, type Tariff, type TariffBody } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { COMPANIES_PATH } from './keys.ts';
import { tariffsQueryKey } from './list-tariffs.ts';

/** POST /companies/{id}/tariffs (SuperAdmin): a new version, effective from the first day of its month. */
export function createTariff(companyId: number, body: TariffBody): Promise<Tariff> {
  return apiRequest(`${COMPANIES_PATH}/${companyId}/tariffs`, { method: 'POST', body, schema: tariffSchema });
}

export function useCreateTariff(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TariffBody) => createTariff(companyId, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: tariffsQueryKey(companyId) }),
  });
}
