import { describe, expect, it } from 'vitest';
import { MSISDN_ACTIONS, type ConsentStatus, type Msisdn, type MsisdnAbilities } from '@lbs/contracts';
import { ALWAYS, setTrackingWindow } from '../../../test/location-fixtures.ts';
import { useOrgFixtures, type Who } from '../../modules/organisation/test-fixtures.ts';

/**
 * The abilities an MSISDN answer carries are what the server then allows: for each role and each state of an
 * MSISDN in the caller's scope, an ability that is true lets the action through (never 403 or 409), one that is false
 * answers 403 (the role may not) or 409 (the number's state refuses it, with the key `blockedBy` names).
 */
const f = useOrgFixtures({ LOCATE_RATE_LIMIT_PER_MINUTE: '1000' });

const ROLES: Exclude<Who, 'anon' | 'CB'>[] = ['SA', 'CA', 'DA', 'ZA'];

interface State {
  name: string;
  consent: ConsentStatus;
  tracking: boolean;
  suspended?: boolean;
}
const STATES: State[] = [
  { name: 'consent pending', consent: 'PENDING', tracking: true },
  { name: 'consent granted', consent: 'GRANTED', tracking: true },
  { name: 'granted, tracking off', consent: 'GRANTED', tracking: false },
  { name: 'revoked', consent: 'REVOKED', tracking: true },
  { name: 'granted, company suspended', consent: 'GRANTED', tracking: true, suspended: true },
];

/** One request per ability, against the MSISDN `id` (delete last: it ends the number). */
function attempt(who: Who, id: number, action: keyof MsisdnAbilities) {
  switch (action) {
    case 'update':
      return f.call(who, 'PATCH', `/msisdns/${id}`, { employeeName: `Edited ${f.unique()}` });
    case 'changeNumber':
      return f.call(who, 'PATCH', `/msisdns/${id}`, { msisdn: f.nextNumber() });
    case 'resendConsent':
      return f.call(who, 'POST', `/msisdns/${id}/consent-request`);
    case 'locate':
      return f.call(who, 'POST', `/msisdns/${id}/locate`);
    case 'issueDeviceToken':
      return f.call(who, 'POST', `/msisdns/${id}/device-token`);
    case 'delete':
      return f.call(who, 'DELETE', `/msisdns/${id}`);
  }
}

/** A fresh MSISDN in the scope of all four roles of company A (Field Operations, zone North) in the given state. */
async function msisdnIn(state: State): Promise<number> {
  const id = await f.freshMsisdn('ALPHA', 'Field Operations', 'Driver', 'North');
  await f.db
    .updateTable('msisdns')
    .set({ consent_status: state.consent, tracking_enabled: state.tracking })
    .where('id', '=', id)
    .execute();
  return id;
}

async function setSuspended(suspended: boolean): Promise<void> {
  await f.db
    .updateTable('companies')
    .set({ status: suspended ? 'SUSPENDED' : 'ACTIVE' })
    .where('code', '=', 'ALPHA')
    .execute();
}

describe.each(ROLES)('as %s, the MSISDN abilities match what the server allows', (who) => {
  it.each(STATES)('$name', async (state) => {
    await setTrackingWindow(f.db, 'ALPHA', ALWAYS);
    await setSuspended(state.suspended === true);
    try {
      const seen: Partial<Record<keyof MsisdnAbilities, boolean>> = {};
      for (const action of [...MSISDN_ACTIONS.filter((a) => a !== 'delete'), 'delete' as const]) {
        // A fresh number per action, read as the role sees it: one action's effect never decides another's.
        const id = await msisdnIn(state);
        const read = await f.call(who, 'GET', `/msisdns/${id}`);
        expect(read.statusCode).toBe(200);
        const msisdn = read.json() as Msisdn;
        const listed = await f.call(who, 'GET', `/msisdns?q=${encodeURIComponent(msisdn.msisdn)}`);
        expect((listed.json() as { items: Msisdn[] }).items.map((m) => m.abilities)).toEqual([
          msisdn.abilities,
        ]);

        const allowed = msisdn.abilities[action];
        seen[action] = allowed;
        const response = await attempt(who, id, action);
        const label = `${who} ${action} (${state.name}): ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (allowed) {
          expect(response.statusCode, label).toBeLessThan(300);
        } else {
          expect([403, 409], label).toContain(response.statusCode);
          const blocked = msisdn.blockedBy[action as keyof typeof msisdn.blockedBy];
          // 409 exactly when the state blocks an action the role holds, with the key blockedBy names.
          if (response.statusCode === 409) expect(response.json().code, label).toBe(blocked);
          else expect(blocked, label).toBeUndefined();
        }
      }
      // Not vacuous: every state allows something, and the table is what the policy says for this role.
      expect(Object.values(seen).some(Boolean)).toBe(true);
      expect(seen.update).toBe(true);
      expect(seen.locate).toBe(state.consent === 'GRANTED' && state.tracking && !state.suspended);
      expect(seen.resendConsent).toBe(state.consent !== 'GRANTED');
    } finally {
      await setSuspended(false);
    }
  });
});
