/** Billing (issue 14): what later modules (notifications, reports) and the composition root may use. */
export {
  billingService,
  cachedDueInvoices,
  dueInvoicesOf,
  documentLocale,
  type BillingService,
} from './service.ts';
export { invoiceRoutes, tariffRoutes, usageRoutes } from './routes.ts';
export { registerBillingJobs, queueRuns, autoIssue, notifyOverdue, BILLING_RUN_JOB } from './jobs.ts';
export { buildInvoice, type TariffTerms, type MsisdnPeriod } from './build.ts';
export { tariffFor } from './facts.ts';
