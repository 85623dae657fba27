import { resourceKeys } from '../../lib/api/resource.ts';

/** /pois read by more than the POI pages (the Monitor's POI layer). */
export const POIS_PATH = '/pois';
export const poiResourceKeys = resourceKeys(POIS_PATH);
