import {
  can,
  type CompanyAbilities,
  type InvitationStatus,
  type Msisdn,
  type OrgUnitAbilities,
  type Role,
  type UserAbilities,
} from '@lbs/contracts';

/**
 * Test fixtures only: the `abilities` the server's policies (apps/server/src/access/policies) answer for a role, so a
 * stubbed answer looks like the real one. Pages never compute these; they read them from the answer.
 */

export function companyAbilitiesFor(role: Role): CompanyAbilities {
  return { update: can(role, 'company', 'update'), delete: can(role, 'company', 'delete') };
}

export function orgUnitAbilitiesFor(
  role: Role,
  resource: 'department' | 'zone' | 'designation',
): OrgUnitAbilities {
  return { update: can(role, resource, 'update'), delete: can(role, resource, 'delete') };
}

export function userAbilitiesFor(
  role: Role,
  user: { id: number; invitationStatus: InvitationStatus },
  callerId = 1,
): UserAbilities {
  return {
    update: can(role, 'user', 'update'),
    delete: can(role, 'user', 'delete') && user.id !== callerId,
    resendInvitation: can(role, 'user', 'resendInvitation') && user.invitationStatus !== 'ACCEPTED',
  };
}

export function msisdnAbilitiesFor(
  role: Role,
  msisdn: Pick<Msisdn, 'consentStatus' | 'trackingEnabled'>,
): Pick<Msisdn, 'abilities' | 'blockedBy'> {
  const granted = msisdn.consentStatus === 'GRANTED';
  const blocker = !granted
    ? 'location.noConsent'
    : !msisdn.trackingEnabled
      ? 'location.trackingOff'
      : undefined;
  const locate = can(role, 'location', 'locate');
  const resend = can(role, 'msisdn', 'resendConsent');
  return {
    abilities: {
      update: can(role, 'msisdn', 'update'),
      delete: can(role, 'msisdn', 'delete'),
      changeNumber: can(role, 'msisdn', 'changeNumber'),
      resendConsent: resend && !granted,
      locate: locate && !blocker,
      issueDeviceToken: can(role, 'msisdn', 'issueDeviceToken'),
    },
    blockedBy: {
      ...(locate && blocker ? { locate: blocker } : {}),
      ...(resend && granted ? { resendConsent: 'msisdn.consentAlreadyGranted' as const } : {}),
    },
  };
}
