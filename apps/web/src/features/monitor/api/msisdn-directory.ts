import { PAGE_SIZE_MAX, type Msisdn } from '@lbs/contracts';
import { listMsisdns } from '../../../shared-api/msisdns/list-msisdns.ts';
import type { DirectoryEntry } from '../model/positions-store.ts';

function toEntry(m: Msisdn): DirectoryEntry {
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

/** One page of GET /msisdns (largest page size, in creation order so paging is stable): names, consent and the MSISDNs without a fix. */
export async function fetchDirectoryPage(
  page: number,
  signal?: AbortSignal,
): Promise<{ items: DirectoryEntry[]; total: number; size: number }> {
  const answer = await listMsisdns({ page, size: PAGE_SIZE_MAX, sort: 'createdAt' }, signal);
  return { items: answer.items.map(toEntry), total: answer.total, size: answer.size };
}
