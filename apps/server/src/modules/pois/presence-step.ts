import type { PipelineStep } from '../../location/pipeline.ts';
import { evaluatePositions } from './presence-engine.ts';

/**
 * The presence engine's step in the position pipeline: every stored batch is evaluated against its MSISDNs' active
 * assignments inside the position transaction, so visits and geofence events commit with the positions.
 */
export function presenceStep(now: () => Date = () => new Date()): PipelineStep {
  return {
    name: 'presence',
    async afterStore(positions, tx) {
      await evaluatePositions(tx, positions, now());
    },
  };
}
