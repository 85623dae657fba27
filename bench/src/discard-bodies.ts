import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

/**
 * The path of discard-bodies.cjs, as autocannon's `setupClient` takes it in workers mode: the load generator keeps no
 * response bodies (see that file). Every autocannon load of the benches uses it, the baselines as the routes.
 */
export const DISCARD_BODIES = fileURLToPath(new URL('./discard-bodies.cjs', import.meta.url)) as unknown as (
  client: autocannon.Client,
) => void;

/** The same as a function, for a `setupClient` of the benches' own that also discards bodies. */
export const discardBodies = createRequire(import.meta.url)('./discard-bodies.cjs') as (
  client: autocannon.Client,
) => void;
