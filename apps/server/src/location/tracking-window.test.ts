import { CONSENT_DEFAULTS, type CompanyConfig, type TrackingWindow } from '@lbs/contracts';
import { describe, expect, it } from 'vitest';
import { mayLocate } from './locate-policy.ts';
import {
  isWithinWindow,
  localTime,
  nextWindowOpening,
  zonedTimeInstants,
  zonedTimeToInstant,
} from './tracking-window.ts';

const at = (iso: string) => new Date(iso);
const WEEKDAYS = [1, 2, 3, 4, 5];
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const win = (timezone: string, start: string, end: string, days = WEEKDAYS): TrackingWindow => ({
  timezone,
  start,
  end,
  days,
});

describe('tracking window across time zones', () => {
  it('Riyadh (UTC+3, no DST), Sunday to Thursday 08:00–18:00: start inclusive, end exclusive', () => {
    const w = win('Asia/Riyadh', '08:00', '18:00', [7, 1, 2, 3, 4]);
    expect(isWithinWindow(w, at('2025-11-23T05:00:00Z'))).toBe(true); // Sunday 08:00
    expect(isWithinWindow(w, at('2025-11-23T04:59:00Z'))).toBe(false);
    expect(isWithinWindow(w, at('2025-11-23T14:59:00Z'))).toBe(true);
    expect(isWithinWindow(w, at('2025-11-23T15:00:00Z'))).toBe(false); // 18:00
    expect(isWithinWindow(w, at('2025-11-28T07:00:00Z'))).toBe(false); // Friday
  });

  it('Kolkata (UTC+5:30) and Chatham (UTC+13:45 in summer) use their odd offsets', () => {
    const kolkata = win('Asia/Kolkata', '09:30', '18:00');
    expect(isWithinWindow(kolkata, at('2025-11-24T04:00:00Z'))).toBe(true);
    expect(isWithinWindow(kolkata, at('2025-11-24T03:59:00Z'))).toBe(false);
    const chatham = win('Pacific/Chatham', '08:00', '17:00');
    // Monday 2025-11-24 08:00 +13:45 = Sunday 18:15 UTC.
    expect(isWithinWindow(chatham, at('2025-11-23T18:15:00Z'))).toBe(true);
    expect(isWithinWindow(chatham, at('2025-11-23T18:14:00Z'))).toBe(false);
  });

  it('Rome: the same local hours before and after the spring change are different UTC hours', () => {
    const w = win('Europe/Rome', '08:00', '18:00');
    expect(isWithinWindow(w, at('2025-03-28T07:00:00Z'))).toBe(true); // Friday 08:00 CET
    expect(isWithinWindow(w, at('2025-03-28T06:30:00Z'))).toBe(false); // 07:30 CET
    expect(isWithinWindow(w, at('2025-03-31T06:00:00Z'))).toBe(true); // Monday 08:00 CEST
    expect(isWithinWindow(w, at('2025-03-31T05:59:00Z'))).toBe(false);
    expect(isWithinWindow(w, at('2025-03-31T16:00:00Z'))).toBe(false); // 18:00 CEST
  });

  it('Sydney (southern hemisphere): DST ends in April', () => {
    const w = win('Australia/Sydney', '08:00', '17:00');
    expect(isWithinWindow(w, at('2025-03-30T21:00:00Z'))).toBe(true); // Monday 08:00 AEDT (+11)
    expect(isWithinWindow(w, at('2025-04-06T21:00:00Z'))).toBe(false); // Monday 07:00 AEST (+10)
    expect(isWithinWindow(w, at('2025-04-06T22:00:00Z'))).toBe(true); // Monday 08:00 AEST
  });

  it('a window past midnight belongs to the day it starts; start = end is the whole day', () => {
    const night = win('UTC', '22:00', '06:00', [1]);
    expect(isWithinWindow(night, at('2025-11-24T23:00:00Z'))).toBe(true); // Monday 23:00
    expect(isWithinWindow(night, at('2025-11-25T05:59:00Z'))).toBe(true); // Tuesday 05:59
    expect(isWithinWindow(night, at('2025-11-25T06:00:00Z'))).toBe(false);
    expect(isWithinWindow(night, at('2025-11-23T23:00:00Z'))).toBe(false); // Sunday 23:00
    const allDay = win('UTC', '00:00', '00:00', [1]);
    expect(isWithinWindow(allDay, at('2025-11-24T23:59:00Z'))).toBe(true);
    expect(isWithinWindow(allDay, at('2025-11-25T00:00:00Z'))).toBe(false);
  });
});

describe('next window opening, DST-correct', () => {
  it('skips the weekend and lands on Monday 08:00 local', () => {
    expect(
      nextWindowOpening(win('Europe/Rome', '08:00', '18:00'), at('2025-03-29T12:00:00Z'))?.toISOString(),
    ).toBe('2025-03-31T06:00:00.000Z');
    expect(
      nextWindowOpening(
        win('Asia/Riyadh', '08:00', '18:00', [7, 1, 2, 3, 4]),
        at('2025-11-27T15:00:00Z'),
      )?.toISOString(),
    ).toBe('2025-11-30T05:00:00.000Z');
  });

  it('opens at 08:00 local on the day the clocks change (spring and autumn)', () => {
    const rome = win('Europe/Rome', '08:00', '18:00', ALL_DAYS);
    expect(nextWindowOpening(rome, at('2025-03-29T20:00:00Z'))?.toISOString()).toBe(
      '2025-03-30T06:00:00.000Z',
    );
    expect(nextWindowOpening(rome, at('2025-10-25T20:00:00Z'))?.toISOString()).toBe(
      '2025-10-26T07:00:00.000Z',
    );
    const ny = win('America/New_York', '08:00', '17:00', ALL_DAYS);
    expect(nextWindowOpening(ny, at('2025-03-09T05:00:00Z'))?.toISOString()).toBe('2025-03-09T12:00:00.000Z');
    expect(nextWindowOpening(ny, at('2025-11-02T05:00:00Z'))?.toISOString()).toBe('2025-11-02T13:00:00.000Z');
  });

  it('a start the spring change skips opens at the change; one the autumn change repeats opens the first time', () => {
    const gap = win('America/New_York', '02:30', '04:00', ALL_DAYS);
    expect(nextWindowOpening(gap, at('2025-03-09T05:00:00Z'))?.toISOString()).toBe(
      '2025-03-09T07:00:00.000Z',
    );
    expect(isWithinWindow(gap, at('2025-03-09T06:59:00Z'))).toBe(false);
    expect(isWithinWindow(gap, at('2025-03-09T07:00:00Z'))).toBe(true);
    expect(zonedTimeToInstant('America/New_York', 2025, 11, 2, 1, 30)).toBe(
      Date.parse('2025-11-02T05:30:00Z'),
    );
    expect(zonedTimeInstants('America/New_York', 2025, 11, 2, 1, 30)).toEqual([
      Date.parse('2025-11-02T05:30:00Z'),
      Date.parse('2025-11-02T06:30:00Z'),
    ]);
    // The clock reads 02:30 again after falling back, so a 02:30 window that the change interrupted opens again.
    const repeated = win('Europe/Rome', '02:30', '09:00', ALL_DAYS);
    expect(nextWindowOpening(repeated, at('2025-10-26T01:10:00Z'))?.toISOString()).toBe(
      '2025-10-26T01:30:00.000Z',
    );
  });

  it('agrees with isWithinWindow minute by minute around each change', () => {
    const cases: [TrackingWindow, string][] = [
      [win('Europe/Rome', '01:30', '03:15', ALL_DAYS), '2025-03-29T00:00:00Z'],
      [win('Europe/Rome', '02:30', '09:00', ALL_DAYS), '2025-10-25T00:00:00Z'],
      [win('America/New_York', '02:15', '02:45', ALL_DAYS), '2025-03-08T00:00:00Z'],
      [win('Australia/Sydney', '02:00', '03:30', ALL_DAYS), '2025-10-04T00:00:00Z'],
      [win('Australia/Sydney', '08:00', '17:00'), '2025-04-04T00:00:00Z'],
    ];
    for (const [w, start] of cases) {
      const t0 = Date.parse(start);
      let openings = 0;
      for (let t = t0; t < t0 + 3 * 86_400_000; t += 60_000) {
        if (!isWithinWindow(w, t) && isWithinWindow(w, t + 60_000)) {
          openings++;
          expect(nextWindowOpening(w, t)?.getTime(), `${w.timezone} ${new Date(t).toISOString()}`).toBe(
            t + 60_000,
          );
        }
      }
      expect(openings).toBeGreaterThan(0);
    }
  });

  it('reads local weekday and time in the zone', () => {
    expect(localTime('Asia/Riyadh', at('2025-11-23T21:30:00Z'))).toEqual({
      year: 2025,
      month: 11,
      day: 24,
      hour: 0,
      minute: 30,
      isoDay: 1,
    });
  });
});

describe('the locate gate (mayLocate)', () => {
  const config: CompanyConfig = {
    trackingWindow: win('Europe/Rome', '08:00', '18:00'),
    pollIntervalMinutes: 5,
    retentionDays: 90,
    ...CONSENT_DEFAULTS,
  };
  const company = { id: 7, status: 'ACTIVE' as const, config };
  const subject = {
    id: 1,
    msisdn: '+393471000001',
    companyId: 7,
    consentStatus: 'GRANTED' as const,
    trackingEnabled: true,
  };
  const inside = at('2025-11-24T09:00:00Z');

  it('permits a consenting, tracked MSISDN of an active company inside the window', () => {
    const d = mayLocate(subject, company, inside);
    expect(d.ok && { id: d.permit.msisdnId, msisdn: d.permit.msisdn, company: d.permit.companyId }).toEqual({
      id: 1,
      msisdn: '+393471000001',
      company: 7,
    });
  });

  it('refuses, in order: consent, tracking, company status, window', () => {
    expect(
      mayLocate(
        { ...subject, consentStatus: 'PENDING', trackingEnabled: false },
        company,
        at('2025-11-23T09:00:00Z'),
      ),
    ).toEqual({ ok: false, reason: 'location.noConsent' });
    expect(mayLocate({ ...subject, consentStatus: 'REVOKED' }, company, inside)).toEqual({
      ok: false,
      reason: 'location.noConsent',
    });
    expect(
      mayLocate({ ...subject, trackingEnabled: false }, { ...company, status: 'SUSPENDED' }, inside),
    ).toEqual({ ok: false, reason: 'location.trackingOff' });
    expect(mayLocate(subject, { ...company, status: 'SUSPENDED' }, inside)).toEqual({
      ok: false,
      reason: 'location.companySuspended',
    });
    expect(mayLocate(subject, company, at('2025-11-23T09:00:00Z'))).toEqual({
      ok: false,
      reason: 'location.outsideWindow',
    });
  });

  it('refuses to judge an MSISDN against another company', () => {
    expect(() => mayLocate({ ...subject, companyId: 8 }, company, inside)).toThrow();
  });
});
