import type { MessageKey, CompanyConfig, CompanyStatus, ConsentStatus } from '@lbs/contracts';
import { locateBlocker } from '../access/policies/msisdn.ts';
import { isWithinWindow } from './tracking-window.ts';

/** What the gate needs to know about the MSISDN. */
export interface LocateSubject {
  id: number;
  msisdn: string;
  companyId: number;
  consentStatus: ConsentStatus;
  trackingEnabled: boolean;
}

/** What the gate needs to know about its company. */
export interface LocateCompany {
  id: number;
  status: CompanyStatus;
  config: CompanyConfig;
}

export type LocateRefusal = Extract<
  MessageKey,
  'location.noConsent' | 'location.trackingOff' | 'location.companySuspended' | 'location.outsideWindow'
>;

declare const permitBrand: unique symbol;

/**
 * Proof that the gate allowed locating one MSISDN at one instant. Only mayLocate() makes one, and the MLP client
 * takes nothing else: an MLP request cannot name an MSISDN that did not pass the gate.
 */
export interface LocatePermit {
  readonly msisdnId: number;
  readonly msisdn: string;
  readonly companyId: number;
  readonly at: Date;
  readonly [permitBrand]: true;
}

export type LocateDecision = { ok: true; permit: LocatePermit } | { ok: false; reason: LocateRefusal };

/**
 * The one rule for locating an employee's number, used by the scheduler, "locate now" and app ingest: consent
 * GRANTED, tracking on, the company active (the MSISDN policy's locateBlocker, also behind the `locate` ability),
 * and `at` inside the company's tracking window (its time zone, DST included). For app ingest `at` is the time of
 * the fix.
 */
export function mayLocate(subject: LocateSubject, company: LocateCompany, at: Date): LocateDecision {
  if (subject.companyId !== company.id)
    throw new Error(`MSISDN ${subject.id} is not of company ${company.id}`);
  const blocked = locateBlocker({
    consentStatus: subject.consentStatus,
    trackingEnabled: subject.trackingEnabled,
    companyStatus: company.status,
  });
  if (blocked) return { ok: false, reason: blocked };
  if (!isWithinWindow(company.config.trackingWindow, at))
    return { ok: false, reason: 'location.outsideWindow' };
  const permit = { msisdnId: subject.id, msisdn: subject.msisdn, companyId: company.id, at } as LocatePermit;
  return { ok: true, permit: Object.freeze(permit) };
}
