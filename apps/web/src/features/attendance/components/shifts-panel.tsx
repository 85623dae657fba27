import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { HOURS_METHODS, type HoursMethod, type Shift } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { ISO_WEEKDAYS, localIsoDate, weekdayName } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { shiftsQueryOptions } from '../../../shared-api/shifts/list-shifts.ts';
import { holidayListsQueryOptions, useDeleteShift, useSaveShift } from '../api/attendance.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { messageTextIn } from '../../../lib/field-message.ts';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { TimeField } from '../../../components/date-field/time-field.tsx';

interface Draft {
  name: string;
  start: string;
  end: string;
  days: number[];
  timeZone: string;
  checkInBeforeMin: number;
  checkOutAfterMin: number;
  lateGraceMin: number;
  earlyExitGraceMin: number;
  halfDayThresholdMin: number;
  absentThresholdMin: number;
  hoursMethod: HoursMethod;
  countOnHolidays: boolean;
  holidayListId: number | '';
  effectiveFrom: string;
}

const draftOf = (s: Shift | null): Draft => ({
  name: s?.name ?? '',
  start: s?.current.start ?? '08:00',
  end: s?.current.end ?? '17:00',
  days: s ? [...s.current.days] : [1, 2, 3, 4, 5],
  timeZone: s?.current.timeZone ?? '',
  checkInBeforeMin: s?.current.checkInBeforeMin ?? 60,
  checkOutAfterMin: s?.current.checkOutAfterMin ?? 60,
  lateGraceMin: s?.current.lateGraceMin ?? 10,
  earlyExitGraceMin: s?.current.earlyExitGraceMin ?? 10,
  halfDayThresholdMin: s?.current.halfDayThresholdMin ?? 0,
  absentThresholdMin: s?.current.absentThresholdMin ?? 0,
  hoursMethod: s?.current.hoursMethod ?? 'FIRST_IN_LAST_OUT',
  countOnHolidays: s?.current.countOnHolidays ?? false,
  holidayListId: s?.current.holidayListId ?? '',
  effectiveFrom: localIsoDate(),
});

const NUMBER_FIELDS = [
  'checkInBeforeMin',
  'checkOutAfterMin',
  'lateGraceMin',
  'earlyExitGraceMin',
  'halfDayThresholdMin',
  'absentThresholdMin',
] as const;

/** Adds a shift, or changes one from a date (a new version: the days before keep their terms). */
function ShiftDialog({ shift, onClose }: { shift: Shift | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { i18n } = useTranslation();
  const notify = useNotify();
  const save = useSaveShift();
  const lists = useQuery(holidayListsQueryOptions());
  const [d, setD] = useState<Draft>(() => draftOf(shift));
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const err = (path: string) => {
    const message = errors.get(path);
    return message ? messageTextIn(t, i18n.language, message) : undefined;
  };
  function submit() {
    const body = {
      name: d.name,
      start: d.start,
      end: d.end,
      days: d.days,
      ...(d.timeZone ? { timeZone: d.timeZone } : {}),
      ...Object.fromEntries(NUMBER_FIELDS.map((k) => [k, Number(d[k])])),
      hoursMethod: d.hoursMethod,
      countOnHolidays: d.countOnHolidays,
      holidayListId: d.holidayListId === '' ? null : d.holidayListId,
      effectiveFrom: d.effectiveFrom,
    };
    save.mutate(shift ? { id: shift.id, body } : { body }, {
      onSuccess: () => {
        notify(t('attendance.manage.saved'));
        onClose();
      },
    });
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{shift ? t('attendance.manage.editShift') : t('attendance.manage.addShift')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.error !== null && errors.size === 0 && <ProblemAlert error={save.error} />}
          <TextField
            label={t('attendance.shift.name')}
            value={d.name}
            onChange={(e) => set('name', e.target.value)}
            required
            error={Boolean(err('name'))}
            helperText={err('name')}
          />
          <Stack direction="row" spacing={2}>
            <TimeField
              label={t('attendance.shift.start')}
              value={d.start}
              onChange={(v) => set('start', v)}
              error={err('start')}
            />
            <TimeField
              label={t('attendance.shift.end')}
              value={d.end}
              onChange={(v) => set('end', v)}
              error={err('end')}
              helperText={t('attendance.shift.endHint')}
            />
          </Stack>
          <ToggleButtonGroup
            size="small"
            value={d.days}
            onChange={(_e, value: number[]) => set('days', [...value].sort())}
            aria-label={t('attendance.shift.days')}
          >
            {ISO_WEEKDAYS.map((day) => (
              <ToggleButton key={day} value={day}>
                {weekdayName(i18n.language, day)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {err('days') && (
            <Typography variant="caption" color="error">
              {err('days')}
            </Typography>
          )}
          <TextField
            label={t('attendance.shift.timeZone')}
            value={d.timeZone}
            onChange={(e) => set('timeZone', e.target.value)}
            placeholder="Asia/Riyadh"
            error={Boolean(err('timeZone'))}
            helperText={err('timeZone') ?? t('attendance.shift.timeZoneHint')}
          />
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
            {NUMBER_FIELDS.map((k) => (
              <TextField
                key={k}
                type="number"
                label={t(`attendance.shift.${k}`)}
                value={d[k]}
                onChange={(e) => set(k, Number(e.target.value))}
                sx={{ width: 240 }}
                slotProps={{ htmlInput: { min: 0, max: 1440 } }}
                error={Boolean(err(k))}
                helperText={err(k)}
              />
            ))}
          </Stack>
          <TextField
            select
            label={t('attendance.shift.hoursMethod')}
            value={d.hoursMethod}
            onChange={(e) => set('hoursMethod', e.target.value as HoursMethod)}
          >
            {HOURS_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`attendance.method.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('attendance.shift.holidayList')}
            value={d.holidayListId}
            onChange={(e) => set('holidayListId', e.target.value === '' ? '' : Number(e.target.value))}
            error={Boolean(err('holidayListId'))}
            helperText={err('holidayListId')}
          >
            <MenuItem value="">{t('attendance.shift.noHolidayList')}</MenuItem>
            {(lists.data ?? []).map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={d.countOnHolidays}
                onChange={(e) => set('countOnHolidays', e.target.checked)}
              />
            }
            label={t('attendance.shift.countOnHolidays')}
          />
          <DateField
            label={t('attendance.shift.effectiveFrom')}
            value={d.effectiveFrom}
            onChange={(value) => set('effectiveFrom', value)}
            helperText={t('attendance.shift.effectiveFromHint')}
            error={err('effectiveFrom')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('attendance.manage.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The company's shifts: their terms today, how many employees count on them; add, change, delete by abilities. */
export function ShiftsPanel() {
  const { t, i18n } = useTranslation();
  const allowed = useCan();
  const notify = useNotify();
  const shifts = useQuery(shiftsQueryOptions());
  const remove = useDeleteShift();
  const [editing, setEditing] = useState<Shift | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Shift | null>(null);
  if (shifts.isLoading) return <DelayedLoader />;
  return (
    <Stack spacing={2}>
      <ProblemAlert error={shifts.error ?? remove.error} />
      {allowed('shift', 'create') && (
        <Stack direction="row">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('attendance.manage.addShift')}
          </Button>
        </Stack>
      )}
      {shifts.data?.length === 0 ? (
        <EmptyState />
      ) : (
        <Table size="small" aria-label={t('attendance.view.shifts')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('attendance.shift.name')}</TableCell>
              <TableCell>{t('attendance.shift.hours')}</TableCell>
              <TableCell>{t('attendance.shift.days')}</TableCell>
              <TableCell>{t('attendance.shift.holidayList')}</TableCell>
              <TableCell>{t('attendance.shift.members')}</TableCell>
              <TableCell>{t('attendance.shift.versions')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(shifts.data ?? []).map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.name}</TableCell>
                <TableCell>
                  <span dir="ltr">
                    {s.current.start}–{s.current.end}
                  </span>{' '}
                  ({s.current.timeZone})
                </TableCell>
                <TableCell>{s.current.days.map((d) => weekdayName(i18n.language, d)).join(' ')}</TableCell>
                <TableCell>{s.current.holidayListName ?? t('attendance.shift.noHolidayList')}</TableCell>
                <TableCell>{new Intl.NumberFormat(i18n.language).format(s.memberCount)}</TableCell>
                <TableCell>{new Intl.NumberFormat(i18n.language).format(s.versions.length)}</TableCell>
                <TableCell align="right">
                  {s.abilities.update && (
                    <Button size="small" onClick={() => setEditing(s)}>
                      {t('attendance.manage.edit')}
                    </Button>
                  )}
                  {s.abilities.delete && (
                    <Button size="small" color="error" onClick={() => setDeleting(s)}>
                      {t('attendance.manage.delete')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing !== null && (
        <ShiftDialog shift={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('attendance.manage.delete')}
        message={t('attendance.manage.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('attendance.manage.delete')}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify(t('attendance.manage.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
