import { msisdnDirectoryPageCheck, type MsisdnDirectoryEntry } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { MSISDNS_PATH } from '../../../shared-api/msisdns/keys.ts';
import type { DirectoryEntry } from '../model/positions-store.ts';

function toEntry(m: MsisdnDirectoryEntry): DirectoryEntry {
  return {
    id: m.id,
    msisdn: m.msisdn,
    employeeName: m.employeeName,
    companyId: m.companyId,
    companyName: m.companyName,
    departmentId: m.departmentId,
    departmentName: m.departmentName,
    zoneId: m.zoneId,
    zoneName: m.zoneName,
    designationId: m.designationId,
    designationName: m.designationName,
    consentStatus: m.consentStatus,
    trackingEnabled: m.trackingEnabled,
    locate: { allowed: m.abilities.locate, blocker: m.blockedBy.locate },
  };
}

/**
 * One page of GET /msisdns/directory (the largest: 5,000 numbers, in id order, after the last id of the previous
 * page): names, consent and the MSISDNs without a fix. `next` starts the following page; null on the last.
 */
export async function fetchDirectoryPage(
  after: number | null,
  signal?: AbortSignal,
): Promise<{ items: DirectoryEntry[]; next: number | null }> {
  const answer = await apiRequest(`${MSISDNS_PATH}/directory${after === null ? '' : `?after=${after}`}`, {
    schema: msisdnDirectoryPageCheck,
    signal,
  });
  return { items: answer.items.map(toEntry), next: answer.next };
}
