import type { ReactNode } from 'react';
import { lazyWithAreas } from '../i18n/lazy-with-areas.ts';

// Billing (issue 14), loaded on demand with its texts (invoice: the labels it shares with the due-invoice page; org:
// the company select and the shared cancel and confirm texts).
const BillingListPage = lazyWithAreas(
  () => import('../features/billing/pages/billing-list-page.tsx').then((m) => m.BillingListPage),
  ['billing', 'invoice', 'org'],
);
const BillingDetailsPage = lazyWithAreas(
  () => import('../features/billing/pages/billing-details-page.tsx').then((m) => m.BillingDetailsPage),
  ['billing', 'invoice', 'org'],
);

/**
 * Route id → page of the billing screens (spread into PAGES in route-pages.tsx): a CompanyAdmin's /billing pages and
 * the operator's (SuperAdmin) /operator/invoice pages are the same pages; what each shows follows the invoices'
 * abilities and the role's permissions.
 */
export const BILLING_PAGES: Partial<Record<string, () => ReactNode>> = {
  billingList: () => <BillingListPage />,
  billingDetails: () => <BillingDetailsPage />,
  operatorInvoices: () => <BillingListPage />,
  operatorInvoiceDetails: () => <BillingDetailsPage />,
};
