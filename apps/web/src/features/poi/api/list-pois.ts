import { poiPageSchema, type PoiPage } from '@lbs/contracts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { POIS_PATH, poiKeys } from './keys.ts';

/** GET /pois?page&size&sort&q&categoryId&departmentId&zoneId&active. */
export const listPois = (params: ListParams, signal?: AbortSignal): Promise<PoiPage> =>
  fetchList(POIS_PATH, poiPageSchema, params, signal);

export const poisQueryOptions = (params: ListParams) =>
  listQueryOptions(poiKeys.list(params), (signal) => listPois(params, signal));
