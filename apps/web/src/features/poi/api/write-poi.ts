import type { z } from 'zod';
import { poiSchema, type Poi, type PoiCreateInput, type poiUpdateSchema } from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useCreateMutation, useDeleteMutation, useUpdateMutation } from '../../../lib/api/resource.ts';
import { POIS_PATH, poiKeys } from './keys.ts';

/** POST /pois. */
export const createPoi = (body: PoiCreateInput): Promise<Poi> =>
  apiRequest(POIS_PATH, { method: 'POST', body, schema: poiSchema });
export const useCreatePoi = () => useCreateMutation(poiKeys, createPoi);

/** PATCH /pois/{id}. */
export const updatePoi = (id: number | string, body: z.input<typeof poiUpdateSchema>): Promise<Poi> =>
  apiRequest(`${POIS_PATH}/${id}`, { method: 'PATCH', body, schema: poiSchema });
export const useUpdatePoi = () => useUpdateMutation(poiKeys, updatePoi);

/** DELETE /pois/{id}: 409 while assignments use it. */
export const deletePoi = (id: number | string) => apiRequest(`${POIS_PATH}/${id}`, { method: 'DELETE' });
export const useDeletePoi = () => useDeleteMutation(poiKeys, deletePoi);
