import { emitPositionsStored } from '../events/emit.ts';
import type { PipelineStep } from './pipeline.ts';

/**
 * Writes the POSITIONS_STORED domain event of each batch (one per company) in the position transaction, so the
 * processors that react to new positions after the commit see exactly the positions that were stored.
 */
export const positionEventsStep: PipelineStep = {
  name: 'positions-stored-event',
  async afterStore(positions, tx) {
    await emitPositionsStored(tx, positions);
  },
};
