import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tariffSchema, type Tariff } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { COMPANIES_PATH, companyKeys } from './keys.ts';

export const tariffListSchema = z.object({ items: z.array(tariffSchema) });

/** GET /companies/{id}/tariffs: the company's tariff versions, newest first. */
export async function listTariffs(companyId: number, signal?: AbortSignal): Promise<Tariff[]> {
  const answer = await apiRequest(`${COMPANIES_PATH}/${companyId}/tariffs`, {
    schema: tariffListSchema,
    signal,
  });
  return answer.items;
}

export const tariffsQueryKey = (companyId: number) => [...companyKeys.detail(companyId), 'tariffs'] as const;

export const useTariffs = (companyId: number) =>
  useQuery({ queryKey: tariffsQueryKey(companyId), queryFn: ({ signal }) => listTariffs(companyId, signal) });
