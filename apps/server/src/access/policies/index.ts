/** The policy of each resource: what travels as `abilities` with its answers. */
export { companyPolicy } from './company.ts';
export { locateBlocker, locatePolicy, msisdnPolicy, type LocateStanding } from './msisdn.ts';
export { notificationRulePolicy } from './notification-rule.ts';
export { orgUnitPolicy, type OrgUnitResource } from './org-unit.ts';
export { userPolicy } from './user.ts';
