import type {
  CompanyStatus,
  ConsentStatus,
  LocateBlocker,
  MsisdnAbilities,
  MsisdnBlockedBy,
} from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { roleMay } from './policy.ts';

/** What decides whether an MSISDN can be located at all (the tracking window is checked at the instant asked). */
export interface LocateStanding {
  consentStatus: ConsentStatus;
  trackingEnabled: boolean;
  companyStatus: CompanyStatus;
}

/**
 * Why the MSISDN cannot be located whatever the hour, in the order the gate checks it: consent, tracking, the
 * company's status. The location gate (location/locate-policy.ts) and the `locate` ability both read it.
 */
export function locateBlocker(msisdn: LocateStanding): LocateBlocker | undefined {
  if (msisdn.consentStatus !== 'GRANTED') return 'location.noConsent';
  if (!msisdn.trackingEnabled) return 'location.trackingOff';
  if (msisdn.companyStatus !== 'ACTIVE') return 'location.companySuspended';
  return undefined;
}

/**
 * An employee MSISDN: the table's rows for the caller's role, and its state — consent must not be GRANTED yet for a
 * new consent request (409 msisdn.consentAlreadyGranted); "Locate now" needs the standing above (409 with the same
 * key), then the window and the company's rate limit when it is asked. `blockedBy` says why an action the role holds
 * is refused for this number.
 */
export function msisdnPolicy(
  caller: Caller,
  msisdn: LocateStanding,
): { abilities: MsisdnAbilities; blockedBy: MsisdnBlockedBy } {
  const resend = roleMay(caller, 'msisdn', 'resendConsent');
  const locate = locatePolicy(caller)(msisdn);
  const granted = msisdn.consentStatus === 'GRANTED';
  const blockedBy: MsisdnBlockedBy = {};
  if (locate.blockedBy) blockedBy.locate = locate.blockedBy;
  if (resend && granted) blockedBy.resendConsent = 'msisdn.consentAlreadyGranted';
  return {
    abilities: {
      update: roleMay(caller, 'msisdn', 'update'),
      delete: roleMay(caller, 'msisdn', 'delete'),
      changeNumber: roleMay(caller, 'msisdn', 'changeNumber'),
      resendConsent: resend && !granted,
      locate: locate.allowed,
      issueDeviceToken: roleMay(caller, 'msisdn', 'issueDeviceToken'),
    },
    blockedBy,
  };
}

/**
 * The `locate` ability of msisdnPolicy and its blocker, for many numbers of one caller: the role's part is decided
 * once (the Monitor's directory asks it for up to thousands of numbers a page).
 */
export function locatePolicy(
  caller: Caller,
): (msisdn: LocateStanding) => { allowed: boolean; blockedBy?: LocateBlocker } {
  if (!roleMay(caller, 'location', 'locate')) return () => ({ allowed: false });
  return (msisdn) => {
    const blocker = locateBlocker(msisdn);
    return blocker ? { allowed: false, blockedBy: blocker } : { allowed: true };
  };
}
