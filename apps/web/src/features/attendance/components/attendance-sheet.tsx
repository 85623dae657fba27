import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, styled, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@lbs/contracts';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDate } from '../../../lib/format.ts';
import { attendanceSheetQueryOptions, SHEET_PAGE_SIZE } from '../api/attendance.ts';
import { duration, STATUS_TONE } from './attendance-format.ts';
import { useRowWindow } from '../../../components/use-row-window.ts';

const PRESENT_LIKE: readonly AttendanceStatus[] = [
  'PRESENT',
  'LATE',
  'EARLY_EXIT',
  'LATE_AND_EARLY_EXIT',
  'HALF_DAY',
];

/** Height of an employee's row: fixed, so the rows out of view are replaced by one spacer of the right height. */
const ROW_HEIGHT = 48;
/** Rows rendered beyond the visible ones on each side. */
const OVERSCAN = 8;
/** Visible height assumed before the container is measured (and where there is no layout). */
const FALLBACK_VIEW = 800;

/**
 * A day's cell and its button, styled once for the sheet: a thousand cells each with its own `sx` made the page
 * serialise a thousand style objects per render. The status colour is the only thing that varies, set inline.
 */
const DayCell = styled(TableCell)({ padding: 0 });
const DayButton = styled('button')(({ theme }) => ({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'block',
  width: '100%',
  lineHeight: `${ROW_HEIGHT}px`,
  cursor: 'pointer',
  fontSize: 12,
  fontWeight: 600,
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
}));

/**
 * The monthly sheet: employees × days, each day's status as a short colour-coded code (a button that opens the day;
 * the full word in its name), totals per employee and the present count per day; the header row and the names stay
 * in view while scrolling, and only the rows in view are rendered. In Arabic the table mirrors (day 1 on the right)
 * with the page.
 */
export function AttendanceSheet({
  month,
  filters,
  onOpen,
}: {
  month: string;
  filters: Record<string, string | number | null | undefined>;
  onOpen: (msisdnId: number, date: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const theme = useTheme();
  // The page, back to the first when the month or a filter changes.
  const pageKey = `${month} ${JSON.stringify(filters)}`;
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const sheet = useQuery(attendanceSheetQueryOptions(month, filters, page));
  const rowCount = sheet.data?.rows.length ?? 0;
  const rows = useRowWindow({
    count: rowCount,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    fallbackHeight: FALLBACK_VIEW,
  });
  const day = new Intl.NumberFormat(locale);
  const colour = (status: AttendanceStatus) => {
    const tone = STATUS_TONE[status];
    return tone === 'default'
      ? theme.palette.action.hover
      : alpha(theme.palette[tone].main, theme.palette.mode === 'dark' ? 0.35 : 0.18);
  };
  if (sheet.isLoading) return <DelayedLoader />;
  if (sheet.error) return <ProblemAlert error={sheet.error} onRetry={() => void sheet.refetch()} />;
  const data = sheet.data;
  if (!data || data.rows.length === 0) return <EmptyState />;
  // What every cell of a column or a status shares, worked out once per render rather than once per cell.
  const dateLabels = data.dates.map((d) => formatDate(locale, d));
  const colours = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, colour(s)])) as Record<
    AttendanceStatus,
    string
  >;
  const statusWords = Object.fromEntries(
    ATTENDANCE_STATUSES.map((s) => [s, t(`attendance.status.${s}`)]),
  ) as Record<AttendanceStatus, string>;
  const statusCodes = Object.fromEntries(
    ATTENDANCE_STATUSES.map((s) => [s, t(`attendance.code.${s}`)]),
  ) as Record<AttendanceStatus, string>;
  const sticky = { position: 'sticky', insetInlineStart: 0, zIndex: 2, bgcolor: 'background.paper' } as const;
  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        aria-label={t('attendance.sheet.legend')}
      >
        {ATTENDANCE_STATUSES.map((s) => (
          <Chip
            key={s}
            size="small"
            label={`${t(`attendance.code.${s}`)} = ${t(`attendance.status.${s}`)}`}
            sx={{ bgcolor: colour(s) }}
          />
        ))}
      </Stack>
      <TableContainer
        ref={rows.ref}
        onScroll={rows.onScroll}
        sx={{ maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label={t('attendance.sheet.caption', { month })}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...sticky, zIndex: 3, minWidth: 180 }}>
                {t('attendance.sheet.employee')}
              </TableCell>
              {data.dates.map((d, i) => (
                <TableCell key={d} align="center" sx={{ px: 0.5, minWidth: 34 }}>
                  <Tooltip title={dateLabels[i]}>
                    <span>{day.format(Number(d.slice(8, 10)))}</span>
                  </Tooltip>
                </TableCell>
              ))}
              <TableCell align="center">{t('attendance.code.PRESENT')}</TableCell>
              <TableCell align="center">{t('attendance.code.LATE')}</TableCell>
              <TableCell align="center">{t('attendance.code.ABSENT')}</TableCell>
              <TableCell align="center">{t('attendance.sheet.inside')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.first > 0 && <TableRow aria-hidden sx={{ height: rows.first * ROW_HEIGHT }} />}
            {data.rows.slice(rows.first, rows.last).map((row) => (
              <TableRow key={row.msisdnId} hover sx={{ height: ROW_HEIGHT }}>
                <TableCell component="th" scope="row" sx={{ ...sticky, py: 0 }}>
                  <Typography variant="body2" noWrap>
                    {row.employeeName ?? row.msisdn}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" dir="ltr">
                    {row.msisdn}
                  </Typography>
                </TableCell>
                {row.statuses.map((s, i) => (
                  <DayCell
                    key={data.dates[i]}
                    align="center"
                    style={s ? { backgroundColor: colours[s] } : undefined}
                  >
                    {s && (
                      <DayButton
                        type="button"
                        onClick={() => onOpen(row.msisdnId, data.dates[i]!)}
                        title={`${dateLabels[i]}: ${statusWords[s]}`}
                        aria-label={`${row.employeeName ?? row.msisdn}, ${dateLabels[i]}: ${statusWords[s]}`}
                      >
                        {statusCodes[s]}
                      </DayButton>
                    )}
                  </DayCell>
                ))}
                <TableCell align="center">
                  {day.format(PRESENT_LIKE.reduce((n, s) => n + row.totals[s], 0))}
                </TableCell>
                <TableCell align="center">
                  {day.format(row.totals.LATE + row.totals.LATE_AND_EARLY_EXIT)}
                </TableCell>
                <TableCell align="center">{day.format(row.totals.ABSENT)}</TableCell>
                <TableCell align="center">{duration(locale, row.minutesInside)}</TableCell>
              </TableRow>
            ))}
            {rows.last < data.rows.length && (
              <TableRow aria-hidden sx={{ height: (data.rows.length - rows.last) * ROW_HEIGHT }} />
            )}
            <TableRow>
              <TableCell component="th" scope="row" sx={sticky}>
                {t('attendance.sheet.presentPerDay')}
              </TableCell>
              {data.dayTotals.map((totals, i) => (
                <TableCell key={data.dates[i]} align="center" sx={{ px: 0.5 }}>
                  {day.format(PRESENT_LIKE.reduce((n, s) => n + totals[s], 0))}
                </TableCell>
              ))}
              <TableCell colSpan={4} />
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      {data.total > SHEET_PAGE_SIZE && (
        <Pagination
          count={Math.ceil(data.total / SHEET_PAGE_SIZE)}
          page={page}
          onChange={(_, next) => setPaging({ key: pageKey, page: next })}
          getItemAriaLabel={(type, item) =>
            type === 'page'
              ? t('attendance.sheet.goToPage', { page: item })
              : t(`attendance.sheet.${type}Page`)
          }
        />
      )}
    </Stack>
  );
}
