import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import type { ReportMeta } from '@lbs/contracts';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { useFieldErrorText } from '../../../components/form-fields.tsx';
import { useHierarchy } from '../../../lib/hierarchy.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { MsisdnMultiSelect } from './msisdn-multi-select.tsx';
import type { ReportField, ReportFormValues } from './report-params.ts';

/**
 * The parameters of one report: the period, and the filters the report declares (REPORTS[key].filters): the hierarchy
 * mode's department or zone, designation, mobile numbers, POI, status. `errors` are the server's field messages.
 */
export function ReportForm({
  meta,
  values,
  onChange,
  companyId,
  errors,
  running,
  onRun,
}: {
  meta: ReportMeta;
  values: ReportFormValues;
  onChange: (values: ReportFormValues) => void;
  companyId: number | null;
  errors: Partial<Record<ReportField, string>>;
  running: boolean;
  onRun: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const { mode } = useHierarchy();
  const rtl = useTheme().direction === 'rtl';
  const has = (filter: ReportMeta['filters'][number]) => meta.filters.includes(filter);
  const set = <K extends keyof ReportFormValues>(name: K, value: ReportFormValues[K]) =>
    onChange({ ...values, [name]: value });
  const pois = useQuery({ ...poiFeaturesQueryOptions(), enabled: has('poi') });
  const poiOptions = useMemo(
    () => [...(pois.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [pois.data],
  );
  const periodHelp = meta.monthly
    ? t('reports.form.monthly')
    : t('reports.form.maxPeriod', { days: meta.maxPeriodDays });

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('reports.form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        alignItems: 'start',
      }}
    >
      <DateField
        name="from"
        label={t('reports.form.from')}
        value={values.from}
        onChange={(v) => set('from', v)}
        error={errorText(errors.from)}
        helperText={periodHelp}
        required
        size="small"
        fullWidth
      />
      <DateField
        name="to"
        label={t('reports.form.to')}
        value={values.to}
        onChange={(v) => set('to', v)}
        error={errorText(errors.to)}
        required
        size="small"
        fullWidth
      />
      {has('hierarchy') &&
        (mode === 'ZONE' ? (
          <EntitySelect
            kind="zone"
            name="zoneId"
            value={values.zoneId}
            onChange={(id) => set('zoneId', id)}
            companyId={companyId}
            label={t('org.fields.zone')}
            error={Boolean(errors.zoneId)}
            helperText={errorText(errors.zoneId)}
            size="small"
            fullWidth
          />
        ) : (
          <EntitySelect
            kind="department"
            name="departmentId"
            value={values.departmentId}
            onChange={(id) => set('departmentId', id)}
            companyId={companyId}
            label={t('org.fields.department')}
            error={Boolean(errors.departmentId)}
            helperText={errorText(errors.departmentId)}
            size="small"
            fullWidth
          />
        ))}
      {has('designation') && (
        <EntitySelect
          kind="designation"
          name="designationId"
          value={values.designationId}
          onChange={(id) => set('designationId', id)}
          companyId={companyId}
          label={t('org.fields.designation')}
          error={Boolean(errors.designationId)}
          helperText={errorText(errors.designationId)}
          size="small"
          fullWidth
        />
      )}
      {has('msisdns') && (
        <Box sx={{ gridColumn: { sm: 'span 2' } }}>
          <MsisdnMultiSelect
            value={values.msisdns}
            onChange={(v) => set('msisdns', v)}
            companyId={companyId}
            error={errorText(errors.msisdnIds)}
          />
        </Box>
      )}
      {has('poi') && (
        <TextField
          select
          name="poiId"
          size="small"
          label={t('reports.form.poi')}
          value={values.poiId === null ? '' : String(values.poiId)}
          onChange={(event) => set('poiId', event.target.value ? Number(event.target.value) : null)}
          error={Boolean(errors.poiId)}
          helperText={errorText(errors.poiId)}
          fullWidth
        >
          <MenuItem value="">{t('reports.form.anyPoi')}</MenuItem>
          {poiOptions.map((poi) => (
            <MenuItem key={poi.id} value={String(poi.id)}>
              {poi.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {has('status') && meta.statusEnum && (
        <TextField
          select
          name="status"
          size="small"
          label={t('reports.form.status')}
          value={values.status}
          onChange={(event) => set('status', event.target.value)}
          error={Boolean(errors.status)}
          helperText={errorText(errors.status)}
          fullWidth
        >
          <MenuItem value="">{t('reports.form.anyStatus')}</MenuItem>
          {meta.statusEnum.values.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`reports.enum.${meta.statusEnum!.enumOf}.${value}`, { defaultValue: value })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<PlayArrowIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
          disabled={running}
        >
          {t('reports.form.run')}
        </Button>
      </Box>
    </Box>
  );
}
