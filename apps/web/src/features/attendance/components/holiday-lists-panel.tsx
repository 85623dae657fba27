import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
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
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { HOLIDAY_KINDS, type HolidayKind, type HolidayList } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { countryName, formatDate, ISO_WEEKDAYS, weekdayName } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import {
  holidayListsQueryOptions,
  useDeleteHolidayList,
  useSaveHolidayList,
  useSeedHolidayList,
} from '../api/attendance.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { messageTextIn } from '../../../lib/field-message.ts';
import { DateField } from '../../../components/date-field/date-field.tsx';

interface Day {
  date: string;
  name: string;
  kind: HolidayKind;
}

/** Adds or changes a holiday list: its dates, weekly off days, holidays and make-up working days; seeds a country's. */
function HolidayListDialog({ list, onClose }: { list: HolidayList | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const notify = useNotify();
  const save = useSaveHolidayList();
  const seed = useSeedHolidayList();
  const year = new Date().getFullYear();
  const [name, setName] = useState(list?.name ?? '');
  const [fromDate, setFromDate] = useState(list?.fromDate ?? `${year}-01-01`);
  const [toDate, setToDate] = useState(list?.toDate ?? `${year}-12-31`);
  const [weeklyOff, setWeeklyOff] = useState<number[]>(list?.weeklyOff ?? [6, 7]);
  const [days, setDays] = useState<Day[]>(list?.holidays ?? []);
  const [country, setCountry] = useState(list?.country ?? '');
  const [seedYear, setSeedYear] = useState(year);
  const errors = fieldErrorsOf(save.error ?? seed.error);
  const err = (path: string) => {
    const message = errors.get(path);
    return message ? messageTextIn(t, i18n.language, message) : undefined;
  };
  const update = (i: number, change: Partial<Day>) =>
    setDays((prev) => prev.map((d, k) => (k === i ? { ...d, ...change } : d)));
  function submit() {
    const body = { name, fromDate, toDate, weeklyOff, holidays: days.filter((d) => d.date && d.name) };
    save.mutate(list ? { id: list.id, body } : { body }, {
      onSuccess: () => {
        notify(t('attendance.manage.saved'));
        onClose();
      },
    });
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{list ? t('attendance.manage.editList') : t('attendance.manage.addList')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(save.error ?? seed.error) && errors.size === 0 && (
            <ProblemAlert error={save.error ?? seed.error} />
          )}
          <TextField
            label={t('attendance.list.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={Boolean(err('name'))}
            helperText={err('name')}
          />
          <Stack direction="row" spacing={2}>
            <DateField
              label={t('attendance.list.from')}
              value={fromDate}
              onChange={setFromDate}
              error={err('fromDate')}
            />
            <DateField
              label={t('attendance.list.to')}
              value={toDate}
              onChange={setToDate}
              error={err('toDate')}
            />
          </Stack>
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" component="h3">
              {t('attendance.list.weeklyOff')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              value={weeklyOff}
              onChange={(_e, value: number[]) => setWeeklyOff([...value].sort())}
              aria-label={t('attendance.list.weeklyOff')}
            >
              {ISO_WEEKDAYS.map((d) => (
                <ToggleButton key={d} value={d}>
                  {weekdayName(locale, d)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('attendance.list.days')}
          </Typography>
          {err('holidays') && (
            <Typography variant="caption" color="error">
              {err('holidays')}
            </Typography>
          )}
          {days.map((d, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <DateField
                size="small"
                label={t('attendance.list.date')}
                value={d.date}
                onChange={(value) => update(i, { date: value })}
                error={err(`holidays.${i}.date`)}
              />
              <TextField
                size="small"
                label={t('attendance.list.dayName')}
                value={d.name}
                onChange={(e) => update(i, { name: e.target.value })}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                size="small"
                label={t('attendance.list.kind')}
                value={d.kind}
                onChange={(e) => update(i, { kind: e.target.value as HolidayKind })}
                sx={{ width: 170 }}
              >
                {HOLIDAY_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`attendance.kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={t('attendance.manage.delete')}
                onClick={() => setDays((prev) => prev.filter((_, k) => k !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row">
            <Button
              startIcon={<AddIcon />}
              onClick={() => setDays((prev) => [...prev, { date: '', name: '', kind: 'HOLIDAY' }])}
            >
              {t('attendance.list.addDay')}
            </Button>
          </Stack>
          {list && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <TextField
                size="small"
                label={t('attendance.list.country')}
                value={country}
                onChange={(e) => setCountry(e.target.value.toUpperCase().slice(0, 2))}
                sx={{ width: 110 }}
                error={Boolean(err('country'))}
                helperText={err('country') ?? (country ? countryName(locale, country) : undefined)}
              />
              <TextField
                size="small"
                type="number"
                label={t('attendance.list.year')}
                value={seedYear}
                onChange={(e) => setSeedYear(Number(e.target.value))}
                sx={{ width: 110 }}
              />
              <Button
                variant="outlined"
                disabled={seed.isPending || country.length !== 2}
                onClick={() =>
                  seed.mutate(
                    { id: list.id, country, year: seedYear, language: locale.slice(0, 2) },
                    {
                      onSuccess: (seeded) => {
                        setDays(seeded.holidays);
                        notify(t('attendance.manage.seeded'));
                      },
                    },
                  )
                }
              >
                {t('attendance.list.seed')}
              </Button>
            </Stack>
          )}
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

/** The company's holiday lists: range, weekly off days, how many holidays; add, change, seed, delete by abilities. */
export function HolidayListsPanel() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const allowed = useCan();
  const notify = useNotify();
  const lists = useQuery(holidayListsQueryOptions());
  const remove = useDeleteHolidayList();
  const [editing, setEditing] = useState<HolidayList | null | 'new'>(null);
  const [deleting, setDeleting] = useState<HolidayList | null>(null);
  if (lists.isLoading) return <DelayedLoader />;
  return (
    <Stack spacing={2}>
      <ProblemAlert error={lists.error ?? remove.error} />
      {allowed('holidayList', 'create') && (
        <Stack direction="row">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('attendance.manage.addList')}
          </Button>
        </Stack>
      )}
      {lists.data?.length === 0 ? (
        <EmptyState />
      ) : (
        <Table size="small" aria-label={t('attendance.view.holidays')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('attendance.list.name')}</TableCell>
              <TableCell>{t('attendance.list.range')}</TableCell>
              <TableCell>{t('attendance.list.weeklyOff')}</TableCell>
              <TableCell>{t('attendance.list.country')}</TableCell>
              <TableCell>{t('attendance.list.days')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(lists.data ?? []).map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.name}</TableCell>
                <TableCell>
                  {formatDate(locale, l.fromDate)} – {formatDate(locale, l.toDate)}
                </TableCell>
                <TableCell>{l.weeklyOff.map((d) => weekdayName(locale, d)).join(' ')}</TableCell>
                <TableCell>{l.country ? countryName(locale, l.country) : ''}</TableCell>
                <TableCell>{new Intl.NumberFormat(locale).format(l.holidays.length)}</TableCell>
                <TableCell align="right">
                  {l.abilities.update && (
                    <Button size="small" onClick={() => setEditing(l)}>
                      {t('attendance.manage.edit')}
                    </Button>
                  )}
                  {l.abilities.delete && (
                    <Button size="small" color="error" onClick={() => setDeleting(l)}>
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
        <HolidayListDialog list={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
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
