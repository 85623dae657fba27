import type { PoiGeometry, PoiPurpose } from '@lbs/contracts';
import type { Executor } from '../db/database.ts';
import { deriveGeometry } from '../location/geofence/index.ts';
import { offsetPoint } from '../location/mlp/coordinates.ts';
import type { DemoCompany } from './organisation.ts';

/**
 * Demo POIs for every company in its city: categories (offices, depots, client sites), a head office circle, a depot
 * campus drawn as a polygon with a hole (the yard), client sites as circles of several sizes (one too small for
 * network location, so its assignments show "undetectable"), and assignments: every consenting employee's head
 * office is its attendance site in working hours, and most are sent to two client sites. The simulator moves the
 * subscribers between home and these places (location/simulator/subscribers.ts), and the position history is run
 * through the presence engine (demo/index.ts), so presence and visits show on first start.
 */

const CATEGORIES = [
  { key: 'office', name: 'Offices', color: '#1565C0', icon: 'business', radius: 300, dwell: 10 },
  { key: 'depot', name: 'Depots', color: '#2E7D32', icon: 'warehouse', radius: 400, dwell: 10 },
  { key: 'client', name: 'Client sites', color: '#EF6C00', icon: 'store', radius: 250, dwell: 5 },
] as const;

const CLIENTS = [
  { name: 'Client site: City Mall', metres: 4200, bearing: 40, radius: 350 },
  { name: 'Client site: Central Hospital', metres: 6100, bearing: 130, radius: 300 },
  { name: 'Client site: Airport cargo', metres: 8800, bearing: 220, radius: 600 },
  { name: 'Client site: University', metres: 5400, bearing: 310, radius: 450 },
  { name: 'Kiosk (too small for network location)', metres: 3000, bearing: 90, radius: 60 },
];

/** The ISO weekdays the demo's employees work (their assignments' days): Sunday–Thursday in Saudi Arabia. */
export const demoWorkdays = (timezone: string): number[] =>
  timezone === 'Asia/Riyadh' ? [7, 1, 2, 3, 4] : [1, 2, 3, 4, 5];

/** A square of `half` metres around a point, counter-clockwise, with a square hole of `hole` metres. */
function campus(lat: number, lon: number, half: number, hole: number): PoiGeometry {
  const square = (h: number) =>
    [45, 135, 225, 315].map((b) => {
      const p = offsetPoint(lat, lon, h * Math.SQRT2, b);
      return [p.lon, p.lat] as [number, number];
    });
  const shell = square(half).reverse();
  const inner = square(hole);
  return {
    type: 'POLYGON',
    coordinates: [
      [...shell, shell[0]!],
      [...inner, inner[0]!],
    ],
  };
}

export async function seedPois(db: Executor, companies: Iterable<DemoCompany>): Promise<number> {
  let count = 0;
  for (const company of companies) {
    const c = company.seed;
    const categories = new Map<string, number>();
    for (const cat of CATEGORIES) {
      const row = await db
        .insertInto('poi_categories')
        .values({
          company_id: company.id,
          name: cat.name,
          color: cat.color,
          icon: cat.icon,
          default_radius_m: cat.radius,
          default_min_dwell_minutes: cat.dwell,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categories.set(cat.key, row.id);
    }
    const office = offsetPoint(c.lat, c.lon, 900, 60);
    const depot = offsetPoint(c.lat, c.lon, 7000, 170);
    const pois: { name: string; category: string; geometry: PoiGeometry; ref: string; address: string }[] = [
      {
        name: `${c.city} head office`,
        category: 'office',
        // A business park: large enough for network fixes (a smaller office would mostly be "marginal").
        geometry: { type: 'CIRCLE', center: office, radiusM: 500 },
        ref: `${c.code}-HQ`,
        address: `${c.city} head office`,
      },
      {
        name: `${c.city} depot campus`,
        category: 'depot',
        geometry: campus(depot.lat, depot.lon, 450, 120),
        ref: `${c.code}-DEPOT`,
        address: `${c.city} industrial area`,
      },
      ...CLIENTS.map((s, i) => ({
        name: s.name,
        category: 'client',
        geometry: {
          type: 'CIRCLE' as const,
          center: offsetPoint(c.lat, c.lon, s.metres, s.bearing),
          radiusM: s.radius,
        },
        ref: `${c.code}-C${i + 1}`,
        address: `${c.city}`,
      })),
    ];
    const ids: number[] = [];
    for (const p of pois) {
      const d = deriveGeometry(p.geometry);
      const row = await db
        .insertInto('pois')
        .values({
          company_id: company.id,
          category_id: categories.get(p.category)!,
          name: p.name,
          address: p.address,
          external_ref: p.ref,
          active: true,
          geometry: JSON.stringify(p.geometry),
          bbox: d.bboxSql,
          centroid_lat: d.centroid.lat,
          centroid_lon: d.centroid.lon,
          area_m2: d.areaM2,
          r_eff_m: d.rEffM,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      count++;
    }
    const [hq, depotId, ...clients] = ids as [number, number, ...number[]];
    const msisdns = await db
      .selectFrom('msisdns')
      .select('id')
      .where('company_id', '=', company.id)
      .where('consent_status', '=', 'GRANTED')
      .orderBy('id')
      .execute();
    const workdays = demoWorkdays(c.timezone);
    const rows = msisdns.flatMap((m, i) => {
      const common = {
        company_id: company.id,
        msisdn_id: m.id,
        days: JSON.stringify(workdays),
        notify_on_enter: false,
        notify_on_exit: false,
      };
      const out = [
        {
          ...common,
          poi_id: i % 5 === 4 ? depotId : hq,
          purpose: 'ATTENDANCE_SITE' as PoiPurpose,
          windows: JSON.stringify([{ start: '07:00', end: '19:00' }]),
        },
      ];
      // Field staff (three in four) visit two client sites, where their working day counts too (any of an employee's
      // attendance sites counts); the others stay at the office.
      if (i % 4 !== 3)
        for (const k of [i % clients.length, (i + 2) % clients.length]) {
          out.push({
            ...common,
            poi_id: clients[k]!,
            purpose: 'VISIT' as const,
            windows: JSON.stringify([{ start: '08:00', end: '18:00' }]),
          });
          out.push({
            ...common,
            poi_id: clients[k]!,
            purpose: 'ATTENDANCE_SITE' as PoiPurpose,
            windows: JSON.stringify([{ start: '07:00', end: '19:00' }]),
          });
        }
      return out;
    });
    if (rows.length) await db.insertInto('poi_assignments').values(rows).execute();
  }
  return count;
}
