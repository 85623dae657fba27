import type { NotificationRuleAbilities } from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { roleMay } from './policy.ts';

/**
 * A notification rule the caller's tier reaches (a CompanyAdmin the company's, a unit admin its unit's): changed and
 * deleted by whoever the table names. Reaching it is the scope's part (the repository reads rules through it).
 */
export function notificationRulePolicy(caller: Caller): { abilities: NotificationRuleAbilities } {
  return {
    abilities: {
      update: roleMay(caller, 'notificationRule', 'update'),
      delete: roleMay(caller, 'notificationRule', 'delete'),
    },
  };
}
