import { z } from 'zod';
import {
  companyConfigSchema,
  companyCreateSchema,
  DEFAULT_COMPANY_CONFIG,
  DEFAULT_PRICE_PLAN,
  pricePlanSchema,
  type Company,
} from '@lbs/contracts';

/**
 * The company form: the create body with every part present (no defaults), so add and edit share it; edit sends
 * the whole form as the PATCH body.
 */
export const companyFormSchema = companyCreateSchema.extend({
  status: companyCreateSchema.shape.status.unwrap(),
  config: companyConfigSchema,
  pricePlan: pricePlanSchema,
});
export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;

export const COMPANY_FORM_FIELDS = [
  'name',
  'code',
  'status',
  'contactEmail',
  'contactPhone',
  'address',
  'city',
  'country',
  'config.zoneEnabled',
  'config.trackingWindow.days',
  'config.trackingWindow.start',
  'config.trackingWindow.end',
  'config.trackingWindow.timezone',
  'config.pollIntervalMinutes',
  'config.retentionDays',
  'config.consentReminderDays',
  'config.consentPendingDays',
  'pricePlan.currency',
  'pricePlan.monthlyFeePerMsisdn',
  'pricePlan.feePerLocate',
] as const;

export const emptyCompanyForm = (): CompanyFormInput => ({
  name: '',
  code: '',
  status: 'ACTIVE',
  contactEmail: '',
  contactPhone: '',
  address: '',
  city: '',
  country: '',
  config: structuredClone(DEFAULT_COMPANY_CONFIG),
  pricePlan: { ...DEFAULT_PRICE_PLAN },
});

export function companyToForm(company: Company): CompanyFormInput {
  return {
    name: company.name,
    code: company.code,
    status: company.status,
    contactEmail: company.contactEmail ?? '',
    contactPhone: company.contactPhone ?? '',
    address: company.address ?? '',
    city: company.city ?? '',
    country: company.country ?? '',
    config: structuredClone(company.config),
    pricePlan: { ...company.pricePlan },
  };
}
