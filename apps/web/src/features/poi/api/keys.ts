import { resourceKeys } from '../../../lib/api/resource.ts';
import { POIS_PATH, poiResourceKeys } from '../../../shared-api/pois/keys.ts';

/** The POI feature's resources: POIs, their categories, assignments and visits (issue 11). */
export { POIS_PATH };
export const POI_CATEGORIES_PATH = '/poi-categories';
export const POI_ASSIGNMENTS_PATH = '/poi-assignments';
export const VISITS_PATH = '/visits';

export const poiKeys = poiResourceKeys;
export const poiCategoryKeys = resourceKeys(POI_CATEGORIES_PATH);
export const poiAssignmentKeys = resourceKeys(POI_ASSIGNMENTS_PATH);
export const visitKeys = resourceKeys(VISITS_PATH);
