import type { Db } from '../db/database.ts';
import { mayLocate } from '../location/locate-policy.ts';
import { storePositions, type PositionInput } from '../location/position-store.ts';
import { networkFix, phoneOff, type SimSubscriber } from '../location/simulator/movement.ts';
import { databaseSubscribers } from '../location/simulator/subscribers.ts';
import { replayPresence } from '../modules/pois/index.ts';

const STEP_MS = 15 * 60_000;

/**
 * Position history for a fresh demo database: what the scheduler would have stored over the last `days` days (one
 * network fix every 15 minutes per trackable MSISDN, inside its company's window, moving as the simulator moves
 * it), so the Monitor and the history have something to show on first start, whatever the hour; `longer` gives some
 * MSISDNs more days before those, one fix every 30 minutes.
 */
export async function seedPositionHistory(
  db: Db,
  now: Date = new Date(),
  days = 3,
  /** Some MSISDNs get a longer history (the attendance demo's month). */
  longer?: { msisdnIds: ReadonlySet<number>; days: number },
): Promise<number> {
  const directory = databaseSubscribers(db);
  const msisdns = await db
    .selectFrom('msisdns as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select([
      'm.id',
      'm.msisdn',
      'm.company_id',
      'm.consent_status',
      'm.tracking_enabled',
      'c.status',
      'c.config',
    ])
    .execute();
  const rows: PositionInput[] = [];
  const end = Math.floor(now.getTime() / STEP_MS) * STEP_MS;
  for (const m of msisdns) {
    const sub: SimSubscriber | undefined = await directory.get(m.msisdn.replace(/\D/g, ''));
    if (!sub) continue;
    const subject = {
      id: m.id,
      msisdn: m.msisdn,
      companyId: m.company_id,
      consentStatus: m.consent_status,
      trackingEnabled: m.tracking_enabled,
    };
    const company = { id: m.company_id, status: m.status, config: m.config };
    const span = longer?.msisdnIds.has(m.id) ? longer.days : days;
    // The last `days` days every 15 minutes, the longer history before them every 30 (what a company with a sparser
    // schedule would have; attendance reads it as such).
    const recent = end - days * 86_400_000;
    for (let t = end - span * 86_400_000; t <= end; t += t < recent ? 2 * STEP_MS : STEP_MS) {
      if (!mayLocate(subject, company, new Date(t)).ok) continue;
      // A phone switched off all day answers nothing (the scheduler stored no position).
      if (phoneOff(sub, t)) continue;
      const fix = networkFix(sub, t);
      rows.push({
        msisdnId: m.id,
        time: new Date(t),
        lat: fix.lat,
        lon: fix.lon,
        accuracyM: fix.radiusM,
        source: 'NETWORK',
        extra: { shape: 'CircularArea' },
      });
    }
  }
  rows.sort((a, b) => a.time.getTime() - b.time.getTime());
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await db.transaction().execute((tx) => storePositions(tx, chunk));
  }
  // The history goes through the presence engine as if it had arrived live: presence now, visits, passed-by.
  const assigned = await db.selectFrom('poi_assignments').select('msisdn_id').distinct().execute();
  for (const { msisdn_id } of assigned) {
    const span = longer?.msisdnIds.has(msisdn_id) ? longer.days : days;
    await replayPresence(db, msisdn_id, end - span * 86_400_000, now);
  }
  return rows.length;
}
