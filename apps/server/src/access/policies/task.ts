import type {
  TaskAbilities,
  TaskAssignmentAbilities,
  TaskAssignmentStatus,
  TaskCompletionRule,
  TaskStatus,
} from '@lbs/contracts';
import type { Caller } from '../caller.ts';
import { poiAllows } from '../scope.ts';
import { roleMay } from './policy.ts';

/**
 * A task is placed like a POI: changed and deleted by the roles of the table within what the caller manages (a
 * DepartmentAdmin or ZoneAdmin only its own unit's tasks, not the company-wide ones it sees); assigned, while open,
 * by whoever may assign (to the MSISDNs of its own scope). The service enforces the same through
 * scoped().tasks('manage'). A task an assignment completed keeps its evidence: it is cancelled, not deleted.
 */
export function taskPolicy(
  caller: Caller,
  task: {
    companyId: number;
    departmentId: number | null;
    zoneId: number | null;
    status: TaskStatus;
    hasCompletions: boolean;
  },
): { abilities: TaskAbilities } {
  const manages = poiAllows(caller.scope, 'manage', task);
  return {
    abilities: {
      update: roleMay(caller, 'task', 'update') && manages,
      delete: roleMay(caller, 'task', 'delete') && manages && !task.hasCompletions,
      assign: roleMay(caller, 'taskAssignment', 'create') && task.status === 'PENDING',
    },
  };
}

/**
 * An assignment the caller reaches (it sees the task and the MSISDN): completed by hand while it and its task are
 * pending and the rule allows a manual completion; reopened once completed; removed by whoever may assign.
 */
export function taskAssignmentPolicy(
  caller: Caller,
  a: { status: TaskAssignmentStatus; completionRule: TaskCompletionRule; taskStatus: TaskStatus },
): { abilities: TaskAssignmentAbilities } {
  return {
    abilities: {
      complete:
        roleMay(caller, 'taskAssignment', 'complete') &&
        a.status === 'PENDING' &&
        a.taskStatus === 'PENDING' &&
        a.completionRule !== 'AUTO_ON_VISIT',
      reopen:
        roleMay(caller, 'taskAssignment', 'reopen') &&
        a.status === 'COMPLETED' &&
        a.taskStatus !== 'CANCELLED',
      delete: roleMay(caller, 'taskAssignment', 'delete'),
    },
  };
}
