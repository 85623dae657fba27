import { z } from 'zod';

/**
 * Per-object abilities (Outline's presentPolicies): what the caller may do to this very object, as the server's
 * policy for the resource decided it from the caller's role, scope and the object's state. Every answer of a
 * resource carries them; the web app shows an action where its ability is true and never re-derives the rule. The
 * role-level table (permissions.ts) still answers what no object exists for yet (Add, Import).
 */
export function abilitiesOf<const A extends readonly string[]>(actions: A) {
  return z.object(
    Object.fromEntries(actions.map((action) => [action, z.boolean()])) as { [K in A[number]]: z.ZodBoolean },
  );
}

export const COMPANY_ACTIONS = ['update', 'delete'] as const;
export const companyAbilitiesSchema = abilitiesOf(COMPANY_ACTIONS);
export type CompanyAbilities = z.infer<typeof companyAbilitiesSchema>;

/** Departments, zones and designations. */
export const ORG_UNIT_ACTIONS = ['update', 'delete'] as const;
export const orgUnitAbilitiesSchema = abilitiesOf(ORG_UNIT_ACTIONS);
export type OrgUnitAbilities = z.infer<typeof orgUnitAbilitiesSchema>;

export const USER_ACTIONS = ['update', 'delete', 'resendInvitation'] as const;
export const userAbilitiesSchema = abilitiesOf(USER_ACTIONS);
export type UserAbilities = z.infer<typeof userAbilitiesSchema>;

export const MSISDN_ACTIONS = [
  'update',
  'delete',
  'changeNumber',
  'resendConsent',
  'locate',
  'issueDeviceToken',
] as const;
export const msisdnAbilitiesSchema = abilitiesOf(MSISDN_ACTIONS);
export type MsisdnAbilities = z.infer<typeof msisdnAbilitiesSchema>;

/** Why "Locate now" is refused for the MSISDN whatever the hour (the tracking window is checked when it is asked). */
export const LOCATE_BLOCKERS = [
  'location.noConsent',
  'location.trackingOff',
  'location.companySuspended',
] as const;
export type LocateBlocker = (typeof LOCATE_BLOCKERS)[number];

/**
 * Why an ability the caller's role holds is false for this MSISDN as it is now: a message key the UI shows beside
 * the disabled action (absent: the ability is true, or the role lacks it).
 */
export const msisdnBlockedBySchema = z.object({
  locate: z.enum(LOCATE_BLOCKERS).optional(),
  resendConsent: z.literal('msisdn.consentAlreadyGranted').optional(),
});
export type MsisdnBlockedBy = z.infer<typeof msisdnBlockedBySchema>;
