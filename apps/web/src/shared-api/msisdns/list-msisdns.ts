import { msisdnPageSchema, type MsisdnPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../lib/api/list-query.ts';
import { MSISDNS_PATH, msisdnResourceKeys } from './keys.ts';

/**
 * GET /msisdns?page&size&sort&q&companyId&departmentId&zoneId&designationId&consentStatus: the numbers in the
 * caller's scope (the MSISDN list page; the Monitor reads its directory from /msisdns/directory).
 */
export function listMsisdns(params: ListParams, signal?: AbortSignal): Promise<MsisdnPage> {
  return fetchList(MSISDNS_PATH, msisdnPageSchema, params, signal);
}

export const msisdnsQueryOptions = (params: ListParams) =>
  listQueryOptions(msisdnResourceKeys.list(params), (signal) => listMsisdns(params, signal));
