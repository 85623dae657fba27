import type { Poi } from '@lbs/contracts';

/** A POI as the server answers it (a client site of Alpha Logistics, a 350 m circle); `patch` changes it. */
export function testPoi(patch: Partial<Poi> = {}): Poi {
  return {
    id: 7,
    companyId: 1,
    companyName: 'Alpha Logistics',
    departmentId: null,
    departmentName: null,
    zoneId: null,
    zoneName: null,
    categoryId: 3,
    categoryName: 'Client sites',
    color: '#EF6C00',
    icon: 'store',
    name: 'City Mall',
    description: null,
    address: null,
    externalRef: null,
    active: true,
    geometry: { type: 'CIRCLE', center: { lat: 24.75, lon: 46.7 }, radiusM: 350 },
    centroid: { lat: 24.75, lon: 46.7 },
    bbox: [46.69, 24.74, 46.71, 24.76],
    areaM2: 384845,
    rEffM: 350,
    minDwellMinutes: 5,
    assignmentCount: 2,
    trackingWindow: { days: [7, 1, 2, 3, 4], start: '07:00', end: '19:00', timezone: 'Asia/Riyadh' },
    insideCount: 0,
    abilities: { update: true, delete: true, assign: true },
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    ...patch,
  };
}
