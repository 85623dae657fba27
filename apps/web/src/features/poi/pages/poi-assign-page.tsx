import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { POI_PURPOSES, type Msisdn, type PoiPurpose } from '@lbs/contracts';
import { useListCrumb } from '../../../components/entity-pages.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { PoiMap } from '../../../components/poi-map.tsx';
import { extentOf } from '../../../components/poi-map-engine.ts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { ISO_WEEKDAYS, weekdayName } from '../../../lib/format.ts';
import { msisdnsQueryOptions } from '../../../shared-api/msisdns/list-msisdns.ts';
import { shiftsQueryOptions } from '../../../shared-api/shifts/list-shifts.ts';
import { useCreateAssignments } from '../api/assignments.ts';
import { poiQueryOptions } from '../api/get-poi.ts';
import { AssignmentsGrid } from '../components/assignments-grid.tsx';
import { sizeOf } from '../components/poi-format.ts';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { TimeField } from '../../../components/date-field/time-field.tsx';

const NONE: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** /poi-assign/{id}: pick employees' MSISDNs and the terms, assign them in one request; the current assignments below. */
export function PoiAssignPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const notify = useNotify();
  const query = useRouteRecord(poiQueryOptions);
  const create = useCreateAssignments();
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const [purpose, setPurpose] = useState<PoiPurpose>('VISIT');
  const [shiftId, setShiftId] = useState<number | ''>('');
  const shifts = useQuery({
    ...shiftsQueryOptions(query.data?.companyId),
    enabled: purpose === 'ATTENDANCE_SITE' && query.data !== undefined,
  });
  // The terms start as the company's tracking window (positions exist only inside it) once the POI is known.
  const [days, setDays] = useState<number[]>([]);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const companyWindow = query.data?.trackingWindow;
  const [windowSeeded, setWindowSeeded] = useState(false);
  if (companyWindow && !windowSeeded) {
    setWindowSeeded(true);
    setDays(companyWindow.days);
    setStart(companyWindow.start);
    setEnd(companyWindow.end);
  }
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [minDwell, setMinDwell] = useState('');
  const [notifyOnEnter, setNotifyOnEnter] = useState(false);
  const [notifyOnExit, setNotifyOnExit] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const selected = [...selection.ids].map(Number);
  const crumbs = [useListCrumb(t('poi.area'), 'poiList')];

  const columns = useMemo<GridColDef<Msisdn>[]>(
    () => [
      { field: 'employeeName', headerName: t('poi.fields.employee'), flex: 1, minWidth: 180 },
      { field: 'msisdn', headerName: t('poi.assign.msisdns'), minWidth: 160 },
      {
        field: 'departmentName',
        headerName: t('poi.fields.department'),
        flex: 1,
        minWidth: 140,
        sortable: false,
      },
      { field: 'zoneName', headerName: t('poi.fields.zone'), minWidth: 120, sortable: false },
    ],
    [t],
  );

  async function assign(poiId: number) {
    setError(null);
    try {
      const created = await create.mutateAsync({
        poiId,
        msisdnIds: selected,
        purpose,
        shiftId: purpose === 'ATTENDANCE_SITE' && shiftId !== '' ? shiftId : null,
        days,
        windows: [{ start, end }],
        validFrom: validFrom || null,
        validTo: validTo || null,
        minDwellMinutes: minDwell ? Number(minDwell) : null,
        notifyOnEnter,
        notifyOnExit,
      });
      notify(t('poi.assign.created', { count: created.items.length }));
      setSelection(NONE);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <PageFrame title={t('route.poiAssign')} crumbs={crumbs}>
      <RecordState query={query} list="poiList">
        {(poi) => (
          <Stack spacing={3}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              }}
            >
              <Box>
                <Typography variant="h4" component="h2">
                  {poi.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {[
                    poi.categoryName,
                    t(`poi.shape.${poi.geometry.type}`),
                    sizeOf(t, locale, poi),
                    poi.address,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Stack spacing={2}>
                    <TextField
                      select
                      label={t('poi.fields.purpose')}
                      value={purpose}
                      onChange={(e) => setPurpose(e.target.value as PoiPurpose)}
                      size="small"
                    >
                      {POI_PURPOSES.map((p) => (
                        <MenuItem key={p} value={p}>
                          {t(`poi.purpose.${p}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    {purpose === 'ATTENDANCE_SITE' && (
                      <TextField
                        select
                        label={t('poi.fields.shift')}
                        value={shiftId}
                        onChange={(e) => setShiftId(e.target.value === '' ? '' : Number(e.target.value))}
                        size="small"
                        helperText={shiftId === '' ? t('poi.assign.noShift') : undefined}
                      >
                        <MenuItem value="">{t('poi.assign.noShiftOption')}</MenuItem>
                        {(shifts.data ?? []).map((s) => (
                          <MenuItem key={s.id} value={s.id}>
                            {s.name} ({s.current.start}–{s.current.end})
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    <Box>
                      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                        {t('poi.assign.days')}
                      </Typography>
                      <ToggleButtonGroup
                        size="small"
                        value={days}
                        onChange={(_e, value: number[]) => setDays([...value].sort())}
                        aria-label={t('poi.assign.days')}
                        // Seven days in words are wider than a phone in some languages: they wrap.
                        sx={{ flexWrap: 'wrap' }}
                      >
                        {ISO_WEEKDAYS.map((d) => (
                          <ToggleButton key={d} value={d}>
                            {weekdayName(locale, d)}
                          </ToggleButton>
                        ))}
                      </ToggleButtonGroup>
                    </Box>
                    <Stack direction="row" spacing={2}>
                      <TimeField
                        label={t('poi.assign.from')}
                        value={start}
                        onChange={setStart}
                        size="small"
                      />
                      <TimeField label={t('poi.assign.to')} value={end} onChange={setEnd} size="small" />
                      <TextField
                        type="number"
                        label={t('poi.assign.minDwell')}
                        value={minDwell}
                        onChange={(e) => setMinDwell(e.target.value)}
                        size="small"
                        slotProps={{ htmlInput: { min: 1, max: 1440 } }}
                      />
                    </Stack>
                    <Stack direction="row" spacing={2}>
                      <DateField
                        label={t('poi.assign.validFrom')}
                        value={validFrom}
                        onChange={setValidFrom}
                        size="small"
                      />
                      <DateField
                        label={t('poi.assign.validTo')}
                        value={validTo}
                        onChange={setValidTo}
                        size="small"
                      />
                    </Stack>
                    <Stack direction="row" spacing={2}>
                      <FormControlLabel
                        control={
                          <Switch
                            checked={notifyOnEnter}
                            onChange={(e) => setNotifyOnEnter(e.target.checked)}
                          />
                        }
                        label={t('poi.assign.notifyOnEnter')}
                      />
                      <FormControlLabel
                        control={
                          <Switch
                            checked={notifyOnExit}
                            onChange={(e) => setNotifyOnExit(e.target.checked)}
                          />
                        }
                        label={t('poi.assign.notifyOnExit')}
                      />
                    </Stack>
                    {error !== null && <ProblemAlert error={error} />}
                    <Box>
                      <Button
                        variant="contained"
                        disabled={!selected.length || !days.length || create.isPending}
                        onClick={() => void assign(poi.id)}
                      >
                        {t('poi.assign.submit')} ({selected.length})
                      </Button>
                    </Box>
                  </Stack>
                </Paper>
              </Box>
              <PoiMap
                pois={[poi]}
                selectedId={poi.id}
                frameTo={extentOf([poi.geometry])}
                height={360}
                label={t('poi.map.label')}
              />
            </Box>
            <Box>
              <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                {t('poi.assign.msisdns')}
              </Typography>
              <ServerDataGrid<Msisdn>
                label={t('poi.assign.msisdns')}
                query={msisdnsQueryOptions}
                columns={columns}
                defaultSort="employeeName"
                urlPrefix="m"
                filters={{ companyId: poi.companyId }}
                gridProps={{
                  checkboxSelection: true,
                  keepNonExistentRowsSelected: true,
                  rowSelectionModel: selection,
                  onRowSelectionModelChange: setSelection,
                }}
              />
            </Box>
            <Box>
              <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                {t('poi.assign.current')}
              </Typography>
              <AssignmentsGrid poiId={poi.id} label={t('poi.assign.current')} urlPrefix="a" />
            </Box>
          </Stack>
        )}
      </RecordState>
    </PageFrame>
  );
}
