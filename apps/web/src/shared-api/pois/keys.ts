import { resourceKeys } from '../../lib/api/resource.ts';

/** /pois read by more than the POI pages (the Monitor's POI layer, a notification rule's POI filter). */
export const POIS_PATH = '/pois';
export const poiResourceKeys = resourceKeys(POIS_PATH);
/** /poi-categories read by more than the POI pages (a notification rule's category filter). */
export const POI_CATEGORIES_PATH = '/poi-categories';
export const poiCategoryResourceKeys = resourceKeys(POI_CATEGORIES_PATH);
