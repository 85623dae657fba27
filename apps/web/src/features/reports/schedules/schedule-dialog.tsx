import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SCHEDULE_PERIOD,
  LOCALES,
  REPORT_FORMATS,
  REPORT_SCHEDULE_PERIODS,
  REPORT_SCHEDULE_PRESETS,
  REPORTS,
  scheduleCron,
  type LocaleCode,
  type ReportFormat,
  type ReportKey,
  type ReportSchedule,
  type ReportSchedulePeriod,
  type ReportSchedulePreset,
} from '@lbs/contracts';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { fieldMessageOf, messageTextIn } from '../../../lib/field-message.ts';
import { ISO_WEEKDAYS, weekdayName } from '../../../lib/format.ts';
import {
  recipientOptionsQueryOptions,
  reportCatalogueQueryOptions,
  useCreateSchedule,
  useUpdateSchedule,
} from '../api/report-schedules.ts';
import { describeCron } from './describe-cron.ts';

interface Person {
  id: number;
  fullName: string;
  email: string;
}

/** The server's field messages by path; `recipients.2` counts for the recipients field. */
function fieldErrors(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof ApiError)) return out;
  for (const f of error.fieldErrors) {
    const path = f.path.replace(/^(recipients|externalRecipients)\.\d+$/, '$1');
    if (!out.has(path)) out.set(path, fieldMessageOf(f));
  }
  return out;
}

const MONTH_DAYS = [...Array.from({ length: 28 }, (_, i) => i + 1), 'last'] as const;

/** Create or edit a schedule: report and its parameters, format and language, recipients, when and over what. */
export function ScheduleDialog({ schedule, onClose }: { schedule?: ReportSchedule; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { me, role } = useCurrentUser();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const mutation = schedule ? update : create;
  const locale = i18n.language;
  const isSuperAdmin = role === 'SuperAdmin';
  const mayAddExternal = role === 'SuperAdmin' || role === 'CompanyAdmin';

  const [name, setName] = useState(schedule?.name ?? '');
  const [companyId, setCompanyId] = useState<number | null>(schedule?.company.id ?? null);
  const [report, setReport] = useState<ReportKey | ''>(schedule?.report ?? '');
  const [departmentId, setDepartmentId] = useState<number | null>(schedule?.params.departmentId ?? null);
  const [zoneId, setZoneId] = useState<number | null>(schedule?.params.zoneId ?? null);
  const [designationId, setDesignationId] = useState<number | null>(schedule?.params.designationId ?? null);
  const [format, setFormat] = useState<ReportFormat>(schedule?.format ?? 'csv');
  const [language, setLanguage] = useState<LocaleCode>(
    schedule?.locale ?? ((LOCALES.some((l) => l.locale === locale) ? locale : 'en-US') as LocaleCode),
  );
  const [preset, setPreset] = useState<ReportSchedulePreset>(schedule?.preset ?? 'weekly');
  const [weekday, setWeekday] = useState<number>(schedule?.weekday ?? 1);
  const [monthDay, setMonthDay] = useState<number | 'last'>(schedule?.monthDay ?? 1);
  const [time, setTime] = useState(schedule?.time ?? '07:00');
  const [period, setPeriod] = useState<ReportSchedulePeriod | null>(schedule?.period ?? null);
  const [recipients, setRecipients] = useState<Person[]>(
    schedule?.recipients ?? [{ id: me.id, fullName: me.fullName, email: me.email }],
  );
  const [externals, setExternals] = useState<string[]>(schedule?.externalRecipients ?? []);
  const [active, setActive] = useState(schedule?.active ?? true);
  const [q, setQ] = useState('');

  const catalogue = useQuery(reportCatalogueQueryOptions());
  const people = useQuery(recipientOptionsQueryOptions(q, isSuperAdmin ? companyId : undefined));
  const options = useMemo(() => {
    const seen = new Map<number, Person>([[me.id, { id: me.id, fullName: me.fullName, email: me.email }]]);
    for (const u of people.data?.items ?? [])
      seen.set(u.id, { id: u.id, fullName: u.fullName, email: u.email });
    return [...seen.values()];
  }, [people.data, me]);

  const errors = fieldErrors(mutation.error);
  const errorOf = (path: string) => {
    const message = errors.get(path);
    return message ? { error: true, helperText: messageTextIn(t, locale, message) } : {};
  };
  const shownPeriod = period ?? DEFAULT_SCHEDULE_PERIOD[preset];
  const cron = /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(time)
    ? scheduleCron({ preset, weekday, monthDay, time })
    : null;
  const filters = report ? REPORTS[report].filters : [];
  const params = {
    ...(departmentId ? { departmentId } : {}),
    ...(zoneId ? { zoneId } : {}),
    ...(designationId ? { designationId } : {}),
  };

  const save = () => {
    const body = {
      name,
      params,
      format,
      locale: language,
      preset,
      ...(preset === 'weekly' ? { weekday } : {}),
      ...(preset === 'monthly' ? { monthDay } : {}),
      time,
      period: shownPeriod,
      recipients: recipients.map((r) => r.id),
      externalRecipients: externals,
      active,
    };
    const done = {
      onSuccess: () => {
        notify(t('reportSchedules.form.saved'));
        onClose();
      },
    };
    if (schedule) update.mutate({ id: schedule.id, body }, done);
    else
      create.mutate(
        { ...body, ...(report ? { report } : {}), ...(isSuperAdmin && companyId ? { companyId } : {}) },
        done,
      );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t(schedule ? 'reportSchedules.form.editTitle' : 'reportSchedules.form.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mutation.error && errors.size === 0 && <ProblemAlert error={mutation.error} />}
          <TextField
            label={t('reportSchedules.form.name')}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...errorOf('name')}
          />
          {isSuperAdmin && !schedule && (
            <EntitySelect
              kind="company"
              label={t('reportSchedules.form.company')}
              value={companyId}
              onChange={(id) => setCompanyId(id)}
              required
              fullWidth
              {...errorOf('companyId')}
            />
          )}
          <TextField
            select
            label={t('reportSchedules.form.report')}
            required
            disabled={Boolean(schedule)}
            value={report}
            onChange={(e) => {
              const key = e.target.value as ReportKey;
              setReport(key);
              // A report of whole months (the attendance sheet, billing) is sent monthly over the previous month.
              if (REPORTS[key].monthly) {
                setPreset('monthly');
                setPeriod('previousMonth');
              }
            }}
            {...errorOf('report')}
          >
            {(catalogue.data?.items ?? (schedule ? [{ key: schedule.report }] : [])).map((item) => (
              <MenuItem key={item.key} value={item.key}>
                {t(`reports.${item.key}.title`)}
              </MenuItem>
            ))}
          </TextField>
          {filters.includes('hierarchy') && (
            <>
              <Typography variant="subtitle2">{t('reportSchedules.form.parameters')}</Typography>
              <EntitySelect
                kind="department"
                label={t('reportSchedules.form.department')}
                value={departmentId}
                companyId={isSuperAdmin ? companyId : undefined}
                onChange={(id) => setDepartmentId(id)}
                fullWidth
                {...errorOf('params.departmentId')}
              />
              <EntitySelect
                kind="zone"
                label={t('reportSchedules.form.zone')}
                value={zoneId}
                companyId={isSuperAdmin ? companyId : undefined}
                onChange={(id) => setZoneId(id)}
                fullWidth
                {...errorOf('params.zoneId')}
              />
            </>
          )}
          {filters.includes('designation') && (
            <EntitySelect
              kind="designation"
              label={t('reportSchedules.form.designation')}
              value={designationId}
              companyId={isSuperAdmin ? companyId : undefined}
              onChange={(id) => setDesignationId(id)}
              fullWidth
              {...errorOf('params.designationId')}
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('reportSchedules.form.format')}
              value={format}
              onChange={(e) => setFormat(e.target.value as ReportFormat)}
              {...errorOf('format')}
            >
              {REPORT_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {f.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('reportSchedules.form.language')}
              value={language}
              onChange={(e) => setLanguage(e.target.value as LocaleCode)}
            >
              {LOCALES.map((l) => (
                <MenuItem key={l.locale} value={l.locale} lang={l.locale}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2">{t('reportSchedules.form.when')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('reportSchedules.form.preset')}
              value={preset}
              onChange={(e) => setPreset(e.target.value as ReportSchedulePreset)}
            >
              {REPORT_SCHEDULE_PRESETS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`reportSchedules.preset.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            {preset === 'weekly' && (
              <TextField
                select
                fullWidth
                label={t('reportSchedules.form.weekday')}
                value={weekday}
                onChange={(e) => setWeekday(Number(e.target.value))}
                {...errorOf('weekday')}
              >
                {ISO_WEEKDAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {weekdayName(locale, d, 'long')}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {preset === 'monthly' && (
              <TextField
                select
                fullWidth
                label={t('reportSchedules.form.monthDay')}
                value={monthDay}
                onChange={(e) => setMonthDay(e.target.value === 'last' ? 'last' : Number(e.target.value))}
                {...errorOf('monthDay')}
              >
                {MONTH_DAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {d === 'last'
                      ? t('reportSchedules.form.lastDay')
                      : new Intl.NumberFormat(locale).format(d)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              fullWidth
              type="time"
              label={t('reportSchedules.form.time')}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
              {...errorOf('time')}
            />
          </Stack>
          <TextField
            select
            label={t('reportSchedules.form.period')}
            value={shownPeriod}
            onChange={(e) => setPeriod(e.target.value as ReportSchedulePeriod)}
            {...errorOf('period')}
          >
            {REPORT_SCHEDULE_PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`reportSchedules.period.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {cron && (
            <Typography variant="body2" color="text.secondary" data-testid="schedule-preview">
              {t('reportSchedules.form.preview', { description: describeCron(cron, locale) })}
            </Typography>
          )}
          <Autocomplete
            multiple
            options={options}
            value={recipients}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(p) => (p.email ? `${p.fullName} <${p.email}>` : p.fullName)}
            onChange={(_e, value) => setRecipients(value)}
            onInputChange={(_e, value) => setQ(value)}
            filterOptions={(x) => x}
            loading={people.isFetching}
            renderInput={(p) => (
              <TextField {...p} label={t('reportSchedules.form.recipients')} {...errorOf('recipients')} />
            )}
          />
          {(mayAddExternal || externals.length > 0) && (
            <Autocomplete
              multiple
              freeSolo
              options={[] as string[]}
              value={externals}
              onChange={(_e, value) =>
                setExternals(
                  mayAddExternal
                    ? value.map((v) => v.trim()).filter(Boolean)
                    : value.filter((v) => externals.includes(v)),
                )
              }
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} dir="ltr" label={option} size="small" {...itemProps} />;
                })
              }
              renderInput={(p) => {
                const error = errorOf('externalRecipients');
                return (
                  <TextField
                    {...p}
                    label={t('reportSchedules.form.externalRecipients')}
                    error={error.error ?? false}
                    helperText={
                      error.helperText ?? (mayAddExternal ? t('reportSchedules.form.externalHelp') : '')
                    }
                  />
                );
              }}
            />
          )}
          <FormControlLabel
            control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
            label={t('reportSchedules.form.active')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reportSchedules.form.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={mutation.isPending}>
          {t('reportSchedules.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
