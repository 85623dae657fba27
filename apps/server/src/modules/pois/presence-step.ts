import type { PipelineStep } from '../../location/pipeline.ts';
import {
  batchPositions,
  completeBatch,
  evaluatePositions,
  prepareBatch,
  presenceMemory,
  readEpochAndCheckpoints,
  type EpochRows,
  type PreparedBatch,
} from './presence-engine.ts';

/**
 * The presence engine's step in the position pipeline: every stored batch is evaluated against its MSISDNs' active
 * assignments inside the position transaction, so visits and geofence events commit with the positions. The step
 * keeps the engine's per-process memory (pairs, states followed past their checkpoints) for its database.
 *
 * On PostgreSQL a large batch's evaluation is prepared while the batch is being stored (its reads on another
 * connection see what was committed before the batch), so only its writes follow the store in the transaction. A
 * small one reads its epochs and checkpoints in the transaction, sent right behind the store (readWithStore).
 */
export function presenceStep(now: () => Date = () => new Date()): PipelineStep<PreparedBatch, EpochRows> {
  const memory = presenceMemory();
  return {
    name: 'presence',
    wantsPrevious: true,
    reads: [
      'latest_positions',
      'presence_epoch',
      'poi_presence',
      'poi_assignments',
      'pois',
      'poi_categories',
      'msisdns',
      'companies',
      'positions',
    ],
    async prepare(inputs, reader) {
      return prepareBatch(reader, await batchPositions(reader, inputs), memory);
    },
    readWithStore(inputs, tx) {
      return readEpochAndCheckpoints(tx, [...new Set(inputs.map((p) => p.msisdnId))]);
    },
    async afterStore(positions, tx, prepared, read) {
      if (prepared) await completeBatch(tx, prepared, positions, now(), memory);
      else if (positions.some((p) => p.previous === undefined))
        throw new Error('presence: a batch neither prepared nor stored with its previous positions');
      else await evaluatePositions(tx, positions, now(), memory, read);
    },
  };
}
