import type { PipelineStep } from '../../location/pipeline.ts';
import { evaluatePositions, presenceMemory } from './presence-engine.ts';

/**
 * The presence engine's step in the position pipeline: every stored batch is evaluated against its MSISDNs' active
 * assignments inside the position transaction, so visits and geofence events commit with the positions. The step
 * keeps the engine's per-process memory (pairs, states followed past their checkpoints) for its database.
 */
export function presenceStep(now: () => Date = () => new Date()): PipelineStep {
  const memory = presenceMemory();
  return {
    name: 'presence',
    wantsPrevious: true,
    async afterStore(positions, tx) {
      await evaluatePositions(tx, positions, now(), memory);
    },
  };
}
