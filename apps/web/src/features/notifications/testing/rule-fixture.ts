import type { NotificationRule } from '@lbs/contracts';

/** A rule as the server answers it (arrivals at City Mall, by Sara Admin of Alpha Logistics); `patch` changes it. */
export function testRule(patch: Partial<NotificationRule> = {}): NotificationRule {
  return {
    id: 4,
    company: { id: 1, name: 'Alpha Logistics' },
    departmentId: null,
    zoneId: null,
    createdBy: { id: 2, fullName: 'Sara Admin' },
    defaultKey: null,
    name: 'Arrivals at City Mall',
    eventTypes: ['GEOFENCE_ENTER'],
    filters: {
      poiIds: [9],
      poiCategoryIds: [],
      msisdnIds: [],
      departmentIds: [],
      zoneIds: [],
      designationIds: [],
    },
    channels: ['IN_APP', 'EMAIL'],
    recipients: {
      users: [{ id: 2, fullName: 'Sara Admin', email: 'sara@alpha.test' }],
      roles: ['CompanyAdmin'],
    },
    activeHours: null,
    throttle: { mode: 'MSISDN_POI', minIntervalMinutes: 30 },
    digest: 'IMMEDIATE',
    maxAgeMinutes: 15,
    active: true,
    abilities: { update: true, delete: true },
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...patch,
  };
}
