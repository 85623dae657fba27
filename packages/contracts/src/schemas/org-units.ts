import { z } from 'zod';
import { orgUnitAbilitiesSchema } from './abilities.ts';
import { pageSchema } from './common.ts';
import { idFilter, listQuery, optionalText, refId, requiredName, timestamp } from './fields.ts';

/**
 * Departments, zones and designations share one shape: a named unit of one company. A SuperAdmin names the
 * company when adding one; for everybody else the company is their own (another company's id is refused).
 */
export const orgUnitCreateSchema = z.object({
  companyId: refId('validation.companyRequired').optional(),
  name: requiredName(),
  description: optionalText(),
});
export type OrgUnitCreateBody = z.infer<typeof orgUnitCreateSchema>;

/** PATCH: only the fields sent change; the company never does. */
export const orgUnitUpdateSchema = z.object({
  name: requiredName().optional(),
  description: optionalText(),
});
export type OrgUnitUpdateBody = z.infer<typeof orgUnitUpdateSchema>;

export const orgUnitSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Employee MSISDNs that reference it (a unit in use cannot be deleted). */
  msisdnCount: z.number().int(),
  /** What the caller may do to this unit (server policy). */
  abilities: orgUnitAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type OrgUnit = z.infer<typeof orgUnitSchema>;

export const ORG_UNIT_SORT_FIELDS = ['name', 'companyName', 'msisdnCount', 'createdAt', 'updatedAt'] as const;
export const orgUnitListQuerySchema = listQuery(ORG_UNIT_SORT_FIELDS).extend({ companyId: idFilter() });
export type OrgUnitListQuery = z.infer<typeof orgUnitListQuerySchema>;
export const orgUnitPageSchema = pageSchema(orgUnitSchema);
export type OrgUnitPage = z.infer<typeof orgUnitPageSchema>;

/** The three resources, with their own names for the UI and the API docs. */
export const departmentCreateSchema = orgUnitCreateSchema;
export const departmentUpdateSchema = orgUnitUpdateSchema;
export const departmentSchema = orgUnitSchema;
export type Department = OrgUnit;
export const zoneCreateSchema = orgUnitCreateSchema;
export const zoneUpdateSchema = orgUnitUpdateSchema;
export const zoneSchema = orgUnitSchema;
export type Zone = OrgUnit;
export const designationCreateSchema = orgUnitCreateSchema;
export const designationUpdateSchema = orgUnitUpdateSchema;
export const designationSchema = orgUnitSchema;
export type Designation = OrgUnit;
