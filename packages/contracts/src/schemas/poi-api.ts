import { z } from 'zod';
import { PRESENCE_STATES, POI_PURPOSES, detectabilitySchema, poiAssignmentTermsSchema } from './pois.ts';
import { poiGeometrySchema, visitSchema } from './pois.ts';
import { abilitiesOf } from './abilities.ts';
import { messageParamsSchema, pageSchema } from './common.ts';
import { safeString } from './text.ts';
import {
  boolFilter,
  idFilter,
  listQuery,
  optionalRefId,
  optionalText,
  refId,
  requiredName,
  timestamp,
} from './fields.ts';
import { AFTER_FIELDS } from './text.ts';
import { dateTimeParam } from './positions.ts';
import { TOO_LONG, TOO_MANY, intBetween } from './limits.ts';

/** The API of POIs, categories, assignments, presence and visits (issue 11). */

/** How many POIs a company may hold unless its configuration says otherwise. */
export const POI_MAX_PER_COMPANY_DEFAULT = 10_000;
/** One bulk assignment names at most this many MSISDNs. */
export const POI_ASSIGN_BULK_MAX = 500;
/** At most this many POIs in one map answer (GET /pois/features). */
export const POI_FEATURES_MAX = 10_000;
export const POI_EXTERNAL_REF_MAX_LENGTH = 64;

/** Icons a category may show (Material icon names the web app maps). */
export const POI_CATEGORY_ICONS = [
  'place',
  'business',
  'warehouse',
  'store',
  'factory',
  'home',
  'school',
  'local_hospital',
  'construction',
  'local_shipping',
] as const;
export type PoiCategoryIcon = (typeof POI_CATEGORY_ICONS)[number];

export const POI_CATEGORY_ACTIONS = ['update', 'delete'] as const;
export const poiCategoryAbilitiesSchema = abilitiesOf(POI_CATEGORY_ACTIONS);
export const POI_ACTIONS = ['update', 'delete', 'assign'] as const;
export const poiAbilitiesSchema = abilitiesOf(POI_ACTIONS);
export type PoiAbilities = z.infer<typeof poiAbilitiesSchema>;
export const POI_ASSIGNMENT_ACTIONS = ['update', 'delete'] as const;
export const poiAssignmentAbilitiesSchema = abilitiesOf(POI_ASSIGNMENT_ACTIONS);

const colour = () =>
  safeString('validation.colorInvalid').regex(/^#[0-9A-Fa-f]{6}$/, 'validation.colorInvalid');
const radius = () =>
  z
    .number({ error: 'validation.poiRadiusOutOfRange' })
    .int('validation.poiRadiusOutOfRange')
    .min(25, 'validation.poiRadiusOutOfRange')
    .max(50_000, 'validation.poiRadiusOutOfRange');
const dwell = () => intBetween(1, 1440);

// ── Categories ────────────────────────────────────────────────────────────────────────────────────────────────────

const categoryFields = {
  name: requiredName(),
  color: colour(),
  icon: z.enum(POI_CATEGORY_ICONS, { error: 'validation.invalid' }),
  /** The radius a new circle of this category starts with. */
  defaultRadiusM: radius(),
  /** The minimum stay that counts as a visit, unless an assignment says otherwise. */
  defaultMinDwellMinutes: dwell(),
};
export const poiCategoryCreateSchema = z.object({
  companyId: refId('validation.companyRequired').optional(),
  ...categoryFields,
  icon: categoryFields.icon.default('place'),
  defaultRadiusM: categoryFields.defaultRadiusM.default(150),
  defaultMinDwellMinutes: categoryFields.defaultMinDwellMinutes.default(5),
});
export type PoiCategoryCreateBody = z.infer<typeof poiCategoryCreateSchema>;
export const poiCategoryUpdateSchema = z.object({
  name: categoryFields.name.optional(),
  color: categoryFields.color.optional(),
  icon: categoryFields.icon.optional(),
  defaultRadiusM: categoryFields.defaultRadiusM.optional(),
  defaultMinDwellMinutes: categoryFields.defaultMinDwellMinutes.optional(),
});
export type PoiCategoryUpdateBody = z.infer<typeof poiCategoryUpdateSchema>;
export const poiCategorySchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  name: z.string(),
  color: z.string(),
  icon: z.enum(POI_CATEGORY_ICONS),
  defaultRadiusM: z.number(),
  defaultMinDwellMinutes: z.number().int(),
  poiCount: z.number().int(),
  abilities: poiCategoryAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type PoiCategory = z.infer<typeof poiCategorySchema>;
export const POI_CATEGORY_SORT_FIELDS = ['name', 'companyName', 'poiCount', 'createdAt'] as const;
export const poiCategoryListQuerySchema = listQuery(POI_CATEGORY_SORT_FIELDS).extend({
  companyId: idFilter(),
});
export type PoiCategoryListQuery = z.infer<typeof poiCategoryListQuerySchema>;
export const poiCategoryPageSchema = pageSchema(poiCategorySchema);
export type PoiCategoryPage = z.infer<typeof poiCategoryPageSchema>;

// ── POIs ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const externalRef = () =>
  safeString()
    .trim()
    .max(POI_EXTERNAL_REF_MAX_LENGTH, TOO_LONG)
    .nullish()
    .transform((v) => (v ? v : null));

const poiFields = {
  name: requiredName(),
  categoryId: optionalRefId(),
  description: optionalText(),
  address: optionalText(300),
  externalRef: externalRef(),
  active: z.boolean({ error: 'validation.invalid' }),
  geometry: poiGeometrySchema,
  /** Scope: a POI of a department or zone is seen and managed by that unit's admins (and above). */
  departmentId: optionalRefId(),
  zoneId: optionalRefId(),
};

/**
 * POST /pois. A SuperAdmin names the company; a DepartmentAdmin's POI is placed in its department and a
 * ZoneAdmin's in its zone (the server sets it). The category, department and zone must be the company's.
 */
export const poiCreateSchema = z.object({
  companyId: refId('validation.companyRequired').optional(),
  ...poiFields,
  active: poiFields.active.default(true),
});
export type PoiCreateBody = z.infer<typeof poiCreateSchema>;
export type PoiCreateInput = z.input<typeof poiCreateSchema>;

/** PATCH /pois/{id}: only the fields sent change; the company never does. */
export const poiUpdateSchema = z.object({
  name: poiFields.name.optional(),
  categoryId: poiFields.categoryId,
  description: poiFields.description,
  address: poiFields.address,
  externalRef: poiFields.externalRef.optional(),
  active: poiFields.active.optional(),
  geometry: poiFields.geometry.optional(),
  departmentId: poiFields.departmentId,
  zoneId: poiFields.zoneId,
});
export type PoiUpdateBody = z.infer<typeof poiUpdateSchema>;

const latLon = z.object({ lat: z.number(), lon: z.number() });
/** A POI's geometry as answered (already normalised: closed rings, RFC 7946 winding). */
export const poiGeometryOutputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CIRCLE'), center: latLon, radiusM: z.number() }),
  z.object({ type: z.literal('POLYGON'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
]);
export const poiSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  color: z.string(),
  icon: z.enum(POI_CATEGORY_ICONS),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  externalRef: z.string().nullable(),
  active: z.boolean(),
  geometry: poiGeometryOutputSchema,
  /** Derived on write: centre of mass, [minLon, minLat, maxLon, maxLat], area, √(area/π). */
  centroid: latLon,
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  areaM2: z.number(),
  rEffM: z.number(),
  /** The minimum stay of a visit here unless an assignment says otherwise (the category's; 5 without one). */
  minDwellMinutes: z.number().int(),
  assignmentCount: z.number().int(),
  /**
   * The company's tracking window: positions exist only inside it, so it is where a new assignment's days and hours
   * start (a Saudi company's Sunday–Thursday, not a fixed Monday–Friday).
   */
  trackingWindow: z.object({
    days: z.array(z.number().int()),
    start: z.string(),
    end: z.string(),
    timezone: z.string(),
  }),
  /** MSISDNs in scope whose presence here is INSIDE or LEAVING now. */
  insideCount: z.number().int(),
  abilities: poiAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Poi = z.infer<typeof poiSchema>;

export const POI_SORT_FIELDS = [
  'name',
  'companyName',
  'categoryName',
  'assignmentCount',
  'createdAt',
  'updatedAt',
] as const;
export const poiListQuerySchema = listQuery(POI_SORT_FIELDS).extend({
  companyId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  categoryId: idFilter(),
  active: boolFilter(),
});
export type PoiListQuery = z.infer<typeof poiListQuerySchema>;
export const poiPageSchema = pageSchema(poiSchema);
export type PoiPage = z.infer<typeof poiPageSchema>;

/** GET /pois/features: every POI in scope (active or not) for a map layer, lightest form, at most 10,000. */
export const poiFeaturesQuerySchema = z.object({
  companyId: idFilter(),
  categoryId: idFilter(),
  active: boolFilter(),
});
export const poiFeatureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  geometry: poiGeometryOutputSchema,
  insideCount: z.number().int(),
});
export type PoiFeature = z.infer<typeof poiFeatureSchema>;
export const poiFeaturesSchema = z.object({ items: z.array(poiFeatureSchema), truncated: z.boolean() });
export type PoiFeatures = z.infer<typeof poiFeaturesSchema>;

/** GET /pois/export?format=: the POIs in scope (the list's filters) as a file. */
export const POI_EXPORT_FORMATS = ['geojson', 'csv', 'kml'] as const;
export type PoiExportFormat = (typeof POI_EXPORT_FORMATS)[number];
export const poiExportQuerySchema = poiFeaturesQuerySchema.extend({
  format: z.enum(POI_EXPORT_FORMATS, { error: 'validation.invalid' }).default('geojson'),
  q: poiListQuerySchema.shape.q,
});
export type PoiExportQuery = z.infer<typeof poiExportQuerySchema>;

/** POST /pois/imports: a CSV, GeoJSON or KML file's POIs, checked first (dry run), then imported as a job. */
export const POI_IMPORT_FORMATS = ['csv', 'geojson', 'kml'] as const;
export type PoiImportFormat = (typeof POI_IMPORT_FORMATS)[number];
export const POI_IMPORT_MAX_BYTES = 5_000_000;
export const POI_IMPORT_MAX_ROWS = 10_000;
/** At most this many row errors are answered (the counts cover all). */
export const POI_IMPORT_ERRORS_MAX = 200;
export const POI_IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const poiImportRequestSchema = z.object({
  companyId: refId('validation.companyRequired').optional(),
  format: z.enum(POI_IMPORT_FORMATS, { error: 'validation.invalid' }),
  fileName: safeString().max(200, TOO_LONG).optional(),
  content: z
    .string({ error: 'poiImport.unreadable' })
    .min(1, 'poiImport.empty')
    .max(POI_IMPORT_MAX_BYTES, 'poiImport.tooLarge'),
  /** true: only check the file and count what would change; false: import it (a job). */
  dryRun: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type PoiImportRequest = z.infer<typeof poiImportRequestSchema>;
export type PoiImportRequestInput = z.input<typeof poiImportRequestSchema>;
export const poiImportRowErrorSchema = z.object({
  /** 1-based: the data row of a CSV (after the header), the feature or placemark of GeoJSON and KML. */
  row: z.number().int(),
  path: z.string(),
  code: z.string(),
  params: messageParamsSchema.optional(),
});
export type PoiImportRowError = z.infer<typeof poiImportRowErrorSchema>;
export const poiImportSchema = z.object({
  /** null for a dry run (nothing stored). */
  id: z.string().nullable(),
  status: z.enum(['CHECKED', ...POI_IMPORT_STATUSES]),
  rows: z.number().int(),
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(poiImportRowErrorSchema),
});
export type PoiImport = z.infer<typeof poiImportSchema>;

// ── Assignments ───────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /poi-assignments: one POI, one or many MSISDNs (bulk), the same terms for each. */
const termsShape = poiAssignmentTermsSchema.shape;
export const poiAssignmentCreateSchema = z
  .object({
    ...termsShape,
    poiId: refId('validation.required'),
    msisdnIds: z
      .array(refId('validation.invalid'), { error: 'poiAssignment.msisdnsRequired' })
      .min(1, 'poiAssignment.msisdnsRequired')
      .max(POI_ASSIGN_BULK_MAX, TOO_MANY)
      .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid'),
  })
  .refine((s) => !s.validFrom || !s.validTo || s.validFrom <= s.validTo, {
    path: ['validTo'],
    message: 'validation.validToBeforeFrom',
  });
export type PoiAssignmentCreateBody = z.infer<typeof poiAssignmentCreateSchema>;
export type PoiAssignmentCreateInput = z.input<typeof poiAssignmentCreateSchema>;

/** PATCH /poi-assignments/{id}: the terms sent change; POI and MSISDN never do (remove and assign again). */
export const poiAssignmentUpdateSchema = z
  .object({
    purpose: z.enum(POI_PURPOSES, { error: 'validation.poiPurposeInvalid' }).optional(),
    days: termsShape.days.optional(),
    windows: termsShape.windows.optional(),
    validFrom: termsShape.validFrom,
    validTo: termsShape.validTo,
    minDwellMinutes: termsShape.minDwellMinutes,
    notifyOnEnter: z.boolean({ error: 'validation.invalid' }).optional(),
    notifyOnExit: z.boolean({ error: 'validation.invalid' }).optional(),
    shiftId: termsShape.shiftId,
  })
  .refine((s) => !s.validFrom || !s.validTo || s.validFrom <= s.validTo, {
    path: ['validTo'],
    message: 'validation.validToBeforeFrom',
  });
export type PoiAssignmentUpdateBody = z.infer<typeof poiAssignmentUpdateSchema>;

export const poiAssignmentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  poiId: z.number().int(),
  poiName: z.string(),
  msisdnId: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string(),
  departmentName: z.string(),
  zoneName: z.string().nullable(),
  purpose: z.enum(POI_PURPOSES),
  days: z.array(z.number().int()),
  windows: z.array(z.object({ start: z.string(), end: z.string() })),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  minDwellMinutes: z.number().int().nullable(),
  notifyOnEnter: z.boolean(),
  notifyOnExit: z.boolean(),
  /** The shift an attendance site counts for (null: none; a VISIT has none). */
  shiftId: z.number().int().nullable(),
  shiftName: z.string().nullable(),
  /** The presence state of the pair now. */
  presence: z.enum(PRESENCE_STATES),
  detectability: detectabilitySchema,
  abilities: poiAssignmentAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type PoiAssignment = z.infer<typeof poiAssignmentSchema>;
export const POI_ASSIGNMENT_SORT_FIELDS = ['poiName', 'employeeName', 'purpose', 'createdAt'] as const;
export const poiAssignmentListQuerySchema = listQuery(POI_ASSIGNMENT_SORT_FIELDS).extend({
  companyId: idFilter(),
  poiId: idFilter(),
  msisdnId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  purpose: z.enum(POI_PURPOSES, { error: 'validation.poiPurposeInvalid' }).optional(),
});
export type PoiAssignmentListQuery = z.infer<typeof poiAssignmentListQuerySchema>;
export const poiAssignmentPageSchema = pageSchema(poiAssignmentSchema);
export type PoiAssignmentPage = z.infer<typeof poiAssignmentPageSchema>;
/** The answer of a bulk create: the assignments made (an MSISDN already assigned for the purpose is refused). */
export const poiAssignmentCreatedSchema = z.object({ items: z.array(poiAssignmentSchema) });
export type PoiAssignmentCreated = z.infer<typeof poiAssignmentCreatedSchema>;

// ── Presence and visits ───────────────────────────────────────────────────────────────────────────────────────────

/** GET /pois/{id}/presence: who is at the POI now (INSIDE, or LEAVING: not yet confirmed gone). */
export const poiPresenceItemSchema = z.object({
  msisdnId: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string(),
  state: z.enum(PRESENCE_STATES),
  /** Since when (the visit's first inside fix). */
  since: timestamp().nullable(),
  lastFixAt: timestamp().nullable(),
});
export type PoiPresenceItem = z.infer<typeof poiPresenceItemSchema>;
export const poiPresenceSchema = z.object({ poiId: z.number().int(), items: z.array(poiPresenceItemSchema) });
export type PoiPresence = z.infer<typeof poiPresenceSchema>;

export const visitItemSchema = visitSchema.extend({
  id: z.number().int(),
  poiName: z.string(),
  msisdn: z.string(),
  employeeName: z.string(),
  /** Not assigned there: seen at a site of the company on the way. */
  assigned: z.boolean(),
});
export type VisitItem = z.infer<typeof visitItemSchema>;
export const visitListQuerySchema = z
  .object({
    page: listQuery(['enteredAt'] as const).shape.page,
    size: listQuery(['enteredAt'] as const).shape.size,
    msisdnId: idFilter(),
    poiId: idFilter(),
    from: dateTimeParam().optional(),
    to: dateTimeParam().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, {
    path: ['from'],
    message: 'location.rangeInvalid',
    ...AFTER_FIELDS,
  });
export type VisitListQuery = z.infer<typeof visitListQuerySchema>;
export const visitPageSchema = pageSchema(visitItemSchema);
export type VisitPage = z.infer<typeof visitPageSchema>;
