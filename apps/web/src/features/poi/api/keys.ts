import { resourceKeys } from '../../../lib/api/resource.ts';
import {
  POI_CATEGORIES_PATH,
  POIS_PATH,
  poiCategoryResourceKeys,
  poiResourceKeys,
} from '../../../shared-api/pois/keys.ts';

/** The POI feature's resources: POIs, their categories, assignments and visits (issue 11). */
export { POI_CATEGORIES_PATH, POIS_PATH };
export const POI_ASSIGNMENTS_PATH = '/poi-assignments';
export const VISITS_PATH = '/visits';

export const poiKeys = poiResourceKeys;
export const poiCategoryKeys = poiCategoryResourceKeys;
export const poiAssignmentKeys = resourceKeys(POI_ASSIGNMENTS_PATH);
export const visitKeys = resourceKeys(VISITS_PATH);
