import type { Msisdn, Role } from '@lbs/contracts';
import { msisdnAbilitiesFor } from './abilities.ts';

/** An MSISDN as the API answers it to a user of `role` (abilities included). */
export function msisdnOf(patch: Partial<Msisdn> = {}, role: Role = 'CompanyAdmin'): Msisdn {
  const item: Omit<Msisdn, 'abilities' | 'blockedBy'> = {
    id: 42,
    msisdn: '+393471234567',
    employeeName: 'Giulia Bianchi',
    employeeCode: 'E-042',
    email: 'giulia@example.com',
    companyId: 1,
    companyName: 'Alpha Logistics',
    departmentId: 3,
    departmentName: 'Field Operations',
    zoneId: null,
    zoneName: null,
    designationId: 5,
    designationName: 'Driver',
    consentStatus: 'PENDING',
    consentAt: null,
    consentRequestedAt: '2026-03-02T09:15:00.000Z',
    trackingEnabled: true,
    createdAt: '2026-03-02T09:15:00.000Z',
    updatedAt: '2026-03-02T09:15:00.000Z',
    ...patch,
  };
  return { ...item, ...msisdnAbilitiesFor(role, item), ...patch };
}
