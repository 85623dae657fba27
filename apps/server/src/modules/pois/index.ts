/** POIs, assignments, presence and visits (issue 11): what later modules (attendance, tasks) may use. */
export { accuracyOf, poisService, type PoisService } from './service.ts';
export { poiAssignmentRoutes, poiCategoryRoutes, poiRoutes, visitRoutes } from './routes.ts';
export { presenceStep } from './presence-step.ts';
export { registerPresenceJobs } from './jobs.ts';
export {
  openVisitsNow,
  pairKey,
  REPLAY_JOB,
  replayMsisdn as replayPresence,
  SWEEP_JOB,
} from './presence-engine.ts';
export { poiImports, POI_IMPORT_JOB, type PoiImports } from './imports.ts';
