import { z } from 'zod';
import { optionalText, orgUnitCreateSchema, refId, requiredName, type OrgUnit } from '@lbs/contracts';

/** Departments, zones and designations: one shape, three resources, each with its SPEC §2 routes. */
export type OrgUnitKind = 'department' | 'zone' | 'designation';

export interface OrgUnitConfig {
  kind: OrgUnitKind;
  routes: { list: string; details: string; add: string; edit: string };
  /** Sidebar label key (breadcrumb). */
  area: string;
}

export const ORG_UNITS: Record<OrgUnitKind, OrgUnitConfig> = {
  department: {
    kind: 'department',
    routes: {
      list: 'departmentList',
      details: 'departmentDetails',
      add: 'departmentAdd',
      edit: 'departmentEdit',
    },
    area: 'sidebar.department',
  },
  zone: {
    kind: 'zone',
    routes: { list: 'zoneList', details: 'zoneDetails', add: 'zoneAdd', edit: 'zoneEdit' },
    area: 'sidebar.zone',
  },
  designation: {
    kind: 'designation',
    routes: {
      list: 'designationList',
      details: 'designationDetails',
      add: 'designationAdd',
      edit: 'designationEdit',
    },
    area: 'sidebar.designation',
  },
};

/** Add form of a SuperAdmin: the company must be named. */
export const orgUnitAddFormSchemaSuperAdmin = orgUnitCreateSchema.extend({
  companyId: refId('validation.companyRequired'),
});
/** Add form of everybody else: the company is their own and is never sent. */
export const orgUnitAddFormSchema = orgUnitCreateSchema.omit({ companyId: true });
/** Edit form: name and description (the company never changes). */
export const orgUnitEditFormSchema = z.object({ name: requiredName(), description: optionalText() });

export interface OrgUnitFormValues {
  companyId?: number | null;
  name: string;
  description?: string | null;
}

export const ORG_UNIT_FORM_FIELDS = ['companyId', 'name', 'description'] as const;

export const orgUnitToForm = (unit: OrgUnit): OrgUnitFormValues => ({
  name: unit.name,
  description: unit.description ?? '',
});
