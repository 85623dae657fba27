import { useQuery } from '@tanstack/react-query';
import { billingEstimateSchema, type BillingEstimate } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { INVOICES_PATH, invoiceKeys } from '../../../shared-api/invoices/keys.ts';

/** GET /invoices/estimate?companyId=: the current month so far (a CompanyAdmin's own company without companyId). */
export const getEstimate = (companyId: number | undefined, signal?: AbortSignal): Promise<BillingEstimate> =>
  apiRequest(`${INVOICES_PATH}/estimate${companyId ? `?companyId=${companyId}` : ''}`, {
    schema: billingEstimateSchema,
    signal,
  });

export const estimateQueryOptions = (companyId: number | undefined) => ({
  queryKey: [...invoiceKeys.all, 'estimate', companyId ?? null] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getEstimate(companyId, signal),
});

export const useEstimate = (companyId: number | undefined, enabled: boolean) =>
  useQuery({ ...estimateQueryOptions(companyId), enabled });
