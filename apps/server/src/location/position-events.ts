import { positionsStoredStatement } from '../events/emit.ts';
import { fanoutNotifications } from './fanout.ts';
import type { PipelineStep } from './pipeline.ts';

/**
 * What a stored batch announces, in the position transaction and in one statement: the POSITIONS_STORED domain event
 * (one per company), so the processors that react to new positions after the commit see exactly the positions that
 * were stored, with the processors' wake-up, and the live fan-out's notifications to the Monitors of every replica.
 * PostgreSQL delivers both when the transaction commits, never when it rolls back. Nothing reads the statement's
 * answer: the pipeline sends it with the commit.
 */
export const positionsStoredStep: PipelineStep = {
  name: 'positions-stored',
  announce(positions, tx) {
    return positionsStoredStatement(positions, fanoutNotifications(positions)).compile(tx);
  },
};
