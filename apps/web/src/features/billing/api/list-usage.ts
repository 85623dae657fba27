import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { pageSchema, usageRowSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { invoiceKeys } from '../../../shared-api/invoices/keys.ts';

const usagePageSchema = pageSchema(usageRowSchema);

export interface UsageFilter {
  companyId: number;
  msisdnId: number;
  period: string;
}

/** GET /usage: one MSISDN's locates in a month (the locates behind an invoice line), a page at a time. */
export const useUsage = (filter: UsageFilter | null, page: number, size: number) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'usage', filter, page, size] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        companyId: String(filter!.companyId),
        msisdnId: String(filter!.msisdnId),
        period: filter!.period,
        page: String(page),
        size: String(size),
        sort: 'at',
      });
      return apiRequest(`/usage?${search}`, { schema: usagePageSchema, signal });
    },
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
