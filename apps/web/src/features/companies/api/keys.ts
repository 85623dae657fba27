import { resourceKeys } from '../../../lib/api/resource.ts';

/** /companies (GET list and detail: SuperAdmin all, CompanyAdmin its own; POST/PATCH/DELETE: SuperAdmin). */
export const COMPANIES_PATH = '/companies';

export const companyKeys = resourceKeys(COMPANIES_PATH);
