import type { PipelineStep } from '../../location/pipeline.ts';
import {
  batchPositions,
  completeBatch,
  evaluatePositions,
  prepareBatch,
  presenceMemory,
  type PreparedBatch,
} from './presence-engine.ts';

/**
 * The presence engine's step in the position pipeline: every stored batch is evaluated against its MSISDNs' active
 * assignments inside the position transaction, so visits and geofence events commit with the positions. The step
 * keeps the engine's per-process memory (pairs, states followed past their checkpoints) for its database.
 *
 * On PostgreSQL the evaluation is prepared while the batch is being stored (its reads on another connection see what
 * was committed before the batch), so only its writes follow the store in the transaction.
 */
export function presenceStep(now: () => Date = () => new Date()): PipelineStep<PreparedBatch> {
  const memory = presenceMemory();
  return {
    name: 'presence',
    wantsPrevious: true,
    async prepare(inputs, reader) {
      return prepareBatch(reader, await batchPositions(reader, inputs), memory);
    },
    async afterStore(positions, tx, prepared) {
      if (prepared) await completeBatch(tx, prepared, positions, now(), memory);
      else await evaluatePositions(tx, positions, now(), memory);
    },
  };
}
