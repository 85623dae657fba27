import { poiSchema } from '@lbs/contracts';
import { detailQueryOptions, fetchDetail } from '../../../lib/api/resource.ts';
import { POIS_PATH, poiKeys } from './keys.ts';

/** GET /pois/{id}. */
export const getPoi = (id: number | string, signal?: AbortSignal) =>
  fetchDetail(POIS_PATH, id, poiSchema, signal);
export const poiQueryOptions = (id: number | string) =>
  detailQueryOptions(poiKeys.detail(id), (signal) => getPoi(id, signal));
