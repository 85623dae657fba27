import type { PipelineStep } from '../../location/pipeline.ts';
import {
  batchPositions,
  evaluatePositions,
  markPending,
  prepareBatch,
  presenceMemory,
  settleBatch,
  writeAfterCommit,
  type PreparedBatch,
} from './presence-engine.ts';

/**
 * The presence engine's step in the position pipeline: every stored batch is evaluated against its MSISDNs' active
 * assignments. The step keeps the engine's per-process memory (pairs, states followed past their checkpoints) for its
 * database.
 *
 * On PostgreSQL the evaluation is prepared while the batch is being stored (its reads on another connection see what
 * was committed before the batch), the memory follows the batch in the position transaction, and the writes
 * (checkpoints, visits, events) come right after the commit in a transaction of their own, while the next batch is
 * stored: a marker written with the positions names their MSISDNs until then, and the sweep replays them if the
 * writes never commit. On PGlite (one connection) everything happens in the position transaction.
 */
export function presenceStep(now: () => Date = () => new Date()): PipelineStep<PreparedBatch> {
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
    async afterStore(positions, tx, prepared) {
      if (prepared) {
        settleBatch(prepared, positions, memory);
        const marker = await markPending(tx, prepared);
        // Nothing to write (the states moved on in memory only): no follow-up.
        if (marker === null) return;
        return (db) => writeAfterCommit(db, prepared, marker, now(), memory);
      }
      if (positions.some((p) => p.previous === undefined))
        throw new Error('presence: a batch neither prepared nor stored with its previous positions');
      await evaluatePositions(tx, positions, now(), memory);
    },
  };
}
