import { useCallback, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  poiGeometrySchema,
  POI_RADIUS_MAX_M,
  POI_RADIUS_MIN_M,
  requiredName,
  type Poi,
  type PoiGeometryInput,
  TOO_LONG,
} from '@lbs/contracts';
import { useListCrumb } from '../../../components/entity-pages.tsx';
import {
  FormActions,
  FormGrid,
  FormSelectField,
  FormSwitchField,
  FormTextField,
  useFieldErrorText,
} from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { PoiMap, type DraftShape } from '../../../components/poi-map.tsx';
import { extentOf } from '../../../components/poi-map-engine.ts';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import type { LatLon } from '../../../lib/map/geometry.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { poiQueryOptions } from '../api/get-poi.ts';
import { poiCategoriesQueryOptions } from '../api/list-poi-categories.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { useCreatePoi, useUpdatePoi } from '../api/write-poi.ts';

const formSchema = z.object({
  name: requiredName(),
  /** A SuperAdmin names the company of a new POI; everybody else creates in their own. */
  companyId: z.number().nullable(),
  categoryId: z.number().nullable(),
  description: z.string().max(1000, TOO_LONG),
  address: z.string().max(300, TOO_LONG),
  externalRef: z.string().max(64, TOO_LONG),
  active: z.boolean(),
  /** Set by drawing on the map (or the typed centre and radius); checked by the contracts' geometry rules. */
  geometry: z.custom<PoiGeometryInput | null>().superRefine((g, ctx) => {
    if (!g) {
      ctx.addIssue({ code: 'custom', message: 'poi.form.shapeRequired' });
      return;
    }
    const parsed = poiGeometrySchema.safeParse(g);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
  }),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = [
  'companyId',
  'name',
  'categoryId',
  'description',
  'address',
  'externalRef',
  'active',
  'geometry',
] as const;

function draftOf(
  g: PoiGeometryInput | null,
  corners: readonly LatLon[],
  shape: 'CIRCLE' | 'POLYGON',
): DraftShape {
  if (shape === 'POLYGON') return { type: 'POLYGON', corners };
  return g?.type === 'CIRCLE'
    ? { type: 'CIRCLE', center: g.center, radiusM: g.radiusM }
    : { type: 'CIRCLE', center: null, radiusM: 0 };
}

function PoiForm({
  poi,
  onSubmit,
}: {
  poi: Poi | null;
  onSubmit: (values: FormValues & { geometry: PoiGeometryInput }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();
  const { role } = useCurrentUser();
  const pickCompany = !poi && role === 'SuperAdmin';
  const features = useQuery(poiFeaturesQueryOptions());
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as Resolver<FormValues>,
    defaultValues: {
      name: poi?.name ?? '',
      categoryId: poi?.categoryId ?? null,
      description: poi?.description ?? '',
      address: poi?.address ?? '',
      externalRef: poi?.externalRef ?? '',
      active: poi?.active ?? true,
      geometry: poi?.geometry ?? null,
      companyId: poi?.companyId ?? null,
    },
    mode: 'onTouched',
  });
  const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, (values) =>
    onSubmit(values as FormValues & { geometry: PoiGeometryInput }),
  );
  const geometry = form.watch('geometry');
  const companyId = form.watch('companyId');
  const categories = useQuery({
    ...poiCategoriesQueryOptions(poi?.companyId ?? companyId),
    enabled: !pickCompany || companyId !== null,
  });
  const [shape, setShape] = useState<'CIRCLE' | 'POLYGON'>(poi?.geometry.type ?? 'CIRCLE');
  const [corners, setCorners] = useState<LatLon[]>(() =>
    poi?.geometry.type === 'POLYGON'
      ? poi.geometry.coordinates[0]!.slice(0, -1).map(([lon, lat]) => ({ lat: lat!, lon: lon! }))
      : [],
  );
  const categoryRadius = (id: number | null) =>
    categories.data?.items.find((c) => c.id === id)?.defaultRadiusM ?? 150;
  const setGeometry = (g: PoiGeometryInput | null) =>
    form.setValue('geometry', g, {
      shouldValidate: form.formState.isSubmitted || g !== null,
      shouldDirty: true,
    });

  const others = useMemo(
    () => (features.data?.items ?? []).filter((p) => p.id !== poi?.id),
    [features.data, poi?.id],
  );
  const [frameTo] = useState(() => (poi ? extentOf([poi.geometry]) : undefined));
  const frame = useMemo(() => frameTo ?? extentOf(others.map((o) => o.geometry)), [frameTo, others]);

  const onMapClick = useCallback(
    (at: LatLon) => {
      const point = { lat: Math.round(at.lat * 1e6) / 1e6, lon: Math.round(at.lon * 1e6) / 1e6 };
      if (shape === 'CIRCLE') {
        const current = form.getValues('geometry');
        const radiusM =
          current?.type === 'CIRCLE' ? current.radiusM : categoryRadius(form.getValues('categoryId'));
        setGeometry({ type: 'CIRCLE', center: point, radiusM });
      } else {
        setCorners((list) => {
          const next = [...list, point];
          setGeometry(
            next.length >= 3 ? { type: 'POLYGON', coordinates: [next.map((p) => [p.lon, p.lat])] } : null,
          );
          return next;
        });
      }
    },
    [shape, categories.data],
  );
  const onDraftMove = useCallback(
    (index: number, at: LatLon) => {
      const point = { lat: Math.round(at.lat * 1e6) / 1e6, lon: Math.round(at.lon * 1e6) / 1e6 };
      if (index < 0) {
        const current = form.getValues('geometry');
        if (current?.type === 'CIRCLE') setGeometry({ ...current, center: point });
        return;
      }
      setCorners((list) => {
        const next = list.map((c, i) => (i === index ? point : c));
        setGeometry(
          next.length >= 3 ? { type: 'POLYGON', coordinates: [next.map((p) => [p.lon, p.lat])] } : null,
        );
        return next;
      });
    },
    // setGeometry and form are stable for the form's life.
    [],
  );
  const undoCorner = () =>
    setCorners((list) => {
      const next = list.slice(0, -1);
      setGeometry(
        next.length >= 3 ? { type: 'POLYGON', coordinates: [next.map((p) => [p.lon, p.lat])] } : null,
      );
      return next;
    });
  const circle = geometry?.type === 'CIRCLE' ? geometry : null;
  const setCircle = (patch: Partial<{ lat: number; lon: number; radiusM: number }>) => {
    const c = circle ?? {
      type: 'CIRCLE' as const,
      center: { lat: 0, lon: 0 },
      radiusM: categoryRadius(form.getValues('categoryId')),
    };
    setGeometry({
      type: 'CIRCLE',
      center: { lat: patch.lat ?? c.center.lat, lon: patch.lon ?? c.center.lon },
      radiusM: patch.radiusM ?? c.radiusM,
    });
  };
  const geometryError = form.formState.errors.geometry?.message;
  // Once the shape is in error, a typed circle's issues show under their own fields (a latitude out of range, a radius
  // too small); what belongs to no field stays under the shape.
  const circleIssues: Partial<Record<'lat' | 'lon' | 'radiusM', string>> = {};
  if (geometryError && circle) {
    const parsed = poiGeometrySchema.safeParse(circle);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = issue.path.at(-1);
      if ((key === 'lat' || key === 'lon' || key === 'radiusM') && !circleIssues[key])
        circleIssues[key] = issue.message;
    }
  }
  const circleError = (key: 'lat' | 'lon' | 'radiusM') =>
    circleIssues[key] ? { error: true, helperText: errorText(circleIssues[key]) } : {};
  const shapeError = Object.keys(circleIssues).length ? undefined : geometryError;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        <FormGrid>
          {pickCompany && (
            <FormEntitySelect
              control={form.control}
              name="companyId"
              kind="company"
              label={t('poi.fields.company')}
              required
              span={2}
            />
          )}
          <FormTextField
            control={form.control}
            name="name"
            label={t('poi.fields.name')}
            required
            autoFocus
            span={2}
          />
          <FormSelectField
            control={form.control}
            name="categoryId"
            label={t('poi.fields.category')}
            options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            span={2}
          />
          <FormTextField control={form.control} name="address" label={t('poi.fields.address')} span={2} />
          <FormTextField
            control={form.control}
            name="description"
            label={t('poi.fields.description')}
            multiline
            minRows={2}
            span={2}
          />
          <FormTextField control={form.control} name="externalRef" label={t('poi.fields.externalRef')} />
          <FormSwitchField control={form.control} name="active" label={t('poi.fields.active')} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('poi.form.shape')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={shape}
              onChange={(_e, value: 'CIRCLE' | 'POLYGON' | null) => {
                if (!value || value === shape) return;
                setShape(value);
                setCorners([]);
                setGeometry(null);
              }}
              aria-label={t('poi.form.shape')}
            >
              <ToggleButton value="CIRCLE">{t('poi.shape.CIRCLE')}</ToggleButton>
              <ToggleButton value="POLYGON">{t('poi.shape.POLYGON')}</ToggleButton>
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {shape === 'CIRCLE' ? t('poi.form.hintCircle') : t('poi.form.hintPolygon')}
            </Typography>
          </Box>
          {shape === 'CIRCLE' ? (
            <>
              <TextField
                label={t('poi.form.centerLat')}
                type="number"
                value={circle?.center.lat ?? ''}
                onChange={(e) => setCircle({ lat: Number(e.target.value) })}
                slotProps={{ htmlInput: { step: 'any', min: -90, max: 90 } }}
                {...circleError('lat')}
              />
              <TextField
                label={t('poi.form.centerLon')}
                type="number"
                value={circle?.center.lon ?? ''}
                onChange={(e) => setCircle({ lon: Number(e.target.value) })}
                slotProps={{ htmlInput: { step: 'any', min: -180, max: 180 } }}
                {...circleError('lon')}
              />
              <TextField
                label={t('poi.form.radius')}
                type="number"
                value={circle?.radiusM ?? ''}
                onChange={(e) => setCircle({ radiusM: Number(e.target.value) })}
                slotProps={{ htmlInput: { min: POI_RADIUS_MIN_M, max: POI_RADIUS_MAX_M, step: 5 } }}
                disabled={!circle}
                {...circleError('radiusM')}
              />
            </>
          ) : (
            <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1', alignItems: 'center' }}>
              <Typography variant="body2">{t('poi.form.corners', { count: corners.length })}</Typography>
              <Button size="small" onClick={undoCorner} disabled={!corners.length}>
                {t('poi.form.undo')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setCorners([]);
                  setGeometry(null);
                }}
                disabled={!corners.length}
              >
                {t('poi.form.clear')}
              </Button>
            </Stack>
          )}
          {shapeError && (
            <FormHelperText error role="alert" sx={{ gridColumn: '1 / -1' }}>
              {errorText(shapeError)}
            </FormHelperText>
          )}
        </FormGrid>
        <PoiMap
          pois={others}
          draft={draftOf(geometry, corners, shape)}
          onMapClick={onMapClick}
          onDraftMove={onDraftMove}
          frameTo={frame}
          height={520}
          label={t('poi.map.drawLabel')}
        />
      </Box>
      <FormActions
        submitLabel={poi ? t('poi.action.save') : t('poi.action.create')}
        submitting={form.formState.isSubmitting}
        onCancel={() => void navigate(-1)}
      />
    </Box>
  );
}

const bodyOf = (values: FormValues & { geometry: PoiGeometryInput }) => ({
  name: values.name,
  categoryId: values.categoryId,
  description: values.description,
  address: values.address,
  externalRef: values.externalRef,
  active: values.active,
  geometry: values.geometry,
});

/** /poi-create: draw a circle or a polygon, name it, save. */
export function PoiCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePoi();
  const crumbs = [useListCrumb(t('poi.area'), 'poiList')];
  return (
    <PageFrame title={t('route.poiCreate')} crumbs={crumbs}>
      <PoiForm
        poi={null}
        onSubmit={async (values) => {
          const created = await create.mutateAsync({
            ...(values.companyId ? { companyId: values.companyId } : {}),
            ...bodyOf(values),
          });
          notify(t('poi.created', { name: created.name }));
          void navigate(pathFor('poiAssign', { id: created.id }));
        }}
      />
    </PageFrame>
  );
}

/** /poi-edit/{id}: the same form over the stored POI. */
export function PoiEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdatePoi();
  const query = useRouteRecord(poiQueryOptions);
  const crumbs = [useListCrumb(t('poi.area'), 'poiList')];
  return (
    <PageFrame title={t('route.poiEdit')} crumbs={crumbs}>
      <RecordState query={query} list="poiList">
        {(poi) => (
          <PoiForm
            key={poi.updatedAt}
            poi={poi}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: poi.id, body: bodyOf(values) });
              notify(t('poi.saved', { name: saved.name }));
              void navigate(pathFor('poiList'));
            }}
          />
        )}
      </RecordState>
    </PageFrame>
  );
}
