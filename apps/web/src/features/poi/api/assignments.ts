import {
  poiAssignmentCreatedSchema,
  poiAssignmentPageSchema,
  type PoiAssignmentCreateInput,
  type PoiAssignmentPage,
} from '@lbs/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { fetchList, listQueryOptions, type ListParams } from '../../../lib/api/list-query.ts';
import { useCreateMutation, useDeleteMutation } from '../../../lib/api/resource.ts';
import { POI_ASSIGNMENTS_PATH, poiAssignmentKeys, poiKeys } from './keys.ts';
import { useQueryClient } from '@tanstack/react-query';

/** GET /poi-assignments?poiId&msisdnId&purpose&departmentId&zoneId&q. */
export const listAssignments = (params: ListParams, signal?: AbortSignal): Promise<PoiAssignmentPage> =>
  fetchList(POI_ASSIGNMENTS_PATH, poiAssignmentPageSchema, params, signal);
export const assignmentsQueryOptions = (params: ListParams) =>
  listQueryOptions(poiAssignmentKeys.list(params), (signal) => listAssignments(params, signal));

/** POST /poi-assignments: one POI, many MSISDNs. */
export const createAssignments = (body: PoiAssignmentCreateInput) =>
  apiRequest(POI_ASSIGNMENTS_PATH, { method: 'POST', body, schema: poiAssignmentCreatedSchema });
export function useCreateAssignments() {
  const client = useQueryClient();
  const mutation = useCreateMutation(poiAssignmentKeys, createAssignments);
  return {
    ...mutation,
    mutateAsync: async (body: PoiAssignmentCreateInput) => {
      const created = await mutation.mutateAsync(body);
      void client.invalidateQueries({ queryKey: poiKeys.all });
      return created;
    },
  };
}

/** DELETE /poi-assignments/{id}. */
export const deleteAssignment = (id: number | string) =>
  apiRequest(`${POI_ASSIGNMENTS_PATH}/${id}`, { method: 'DELETE' });
export const useDeleteAssignment = () => useDeleteMutation(poiAssignmentKeys, deleteAssignment);
