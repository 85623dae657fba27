/**
 * The pure core of POIs and the presence engine (issue 11): no database, no clock, no I/O. The integration (tables,
 * API, pipeline step, replay job) stores what these functions return.
 */
export {
  bboxSqlLiteral,
  deriveGeometry,
  normaliseGeometry,
  pointInPolygon,
  validateGeometry,
  type BoundingBox,
  type DerivedGeometry,
  type GeometryValidation,
  type LatLon,
} from './geometry.ts';
export { distanceToPoiM, mayBeInside, preparePoi, type PreparedPoi } from './prepared-poi.ts';
export {
  ACCURACY_TO_SIGMA,
  classifyFix,
  DEFAULT_CLASSIFY_PARAMS,
  effectiveAccuracy,
  type Classification,
  type ClassifyParams,
  type FixLike,
} from './classify.ts';
export {
  initialPresence,
  presenceEvent,
  presenceParams,
  presenceStateOf,
  visitKey,
  visitRecord,
  type Candidate,
  type OpenVisit,
  type PassedBy,
  type PresenceContext,
  type PresenceEvent,
  type PresenceFix,
  type PresenceOutput,
  type PresenceParams,
  type PresenceState,
  type StepResult,
  type VisitChange,
  type VisitRecord,
} from './presence-model.ts';
export { isLate, nextDeadline, seed, step, stepInPlace, tick, tickInPlace } from './presence.ts';
export { compareFixes, diffVisits, finalVisits, passedByOf, replay, type ReplayResult } from './replay.ts';
export {
  accuracyStats,
  basisOf,
  detectability,
  DETECTABILITY_MIN_SAMPLES,
  roundUpRadius,
  UNDETECTABLE_RATIO,
} from './detectability.ts';
export {
  activeUntil,
  isAssignmentActive,
  windowEndResolver,
  type AssignmentSchedule,
} from './active-assignments.ts';
