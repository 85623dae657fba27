import type { MonitorPosition } from '@lbs/contracts';
import type { DirectoryEntry } from './positions-store.ts';

export function position(
  msisdnId: number,
  time: string,
  patch: Partial<MonitorPosition> = {},
): MonitorPosition {
  return {
    msisdnId,
    msisdn: `+96650000${String(msisdnId).padStart(4, '0')}`,
    employeeName: `Employee ${msisdnId}`,
    companyId: 1,
    departmentId: 10,
    zoneId: 100,
    lat: 24.7,
    lon: 46.6,
    accuracyM: 300,
    time,
    source: 'NETWORK',
    ...patch,
  };
}

export function entry(id: number, patch: Partial<DirectoryEntry> = {}): DirectoryEntry {
  return {
    id,
    msisdn: `+96650000${String(id).padStart(4, '0')}`,
    employeeName: `Employee ${id}`,
    companyId: 1,
    companyName: 'Alpha Logistics',
    departmentId: 10,
    departmentName: 'Field Operations',
    zoneId: 100,
    zoneName: 'North',
    designationId: 1000,
    designationName: 'Driver',
    consentStatus: 'GRANTED',
    trackingEnabled: true,
    locate: { allowed: true },
    ...patch,
  };
}
