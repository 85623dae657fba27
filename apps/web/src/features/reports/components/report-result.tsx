import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { REPORTS, type ReportContext, type ReportKey, type ReportRow } from '@lbs/contracts';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { ListPage, ListParams, ListQueryOptions } from '../../../lib/api/list-query.ts';
import { lazyWithAreas } from '../../../i18n/lazy-with-areas.ts';
import { reportChartQueryOptions, reportRowsQueryOptions, ROW_ID, type ReportQuery } from '../api/reports.ts';
import { columnTitle, formatValue, NUMERIC_TYPES } from './report-format.ts';
import { ReportExportMenu } from './report-export.tsx';

const ReportChartView = lazy(() =>
  import('./report-chart.tsx').then((m) => ({ default: m.ReportChartView })),
);
// The small map and its texts (the `map` area) load only for the location history.
const ReportTrail = lazyWithAreas(() => import('./report-trail.tsx').then((m) => m.ReportTrail), ['map']);

/** The grid's URL parameters carry this prefix (`rpage`, `rsort`), apart from the page's own. */
export const RESULT_URL_PREFIX = 'r';

/** What the report ran over: company, scope, period and time zone (as the exported files' header prints it). */
function ContextLine({ context, total }: { context: ReportContext; total: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const scope =
    [context.department, context.zone].filter(Boolean).join(' / ') || t('reports.export.wholeCompany');
  const parts: [string, string, boolean?][] = [
    [t('reports.export.company'), context.company.name],
    [t('reports.export.scope'), scope],
    [t('reports.export.period'), `${formatDate(locale, context.from)} – ${formatDate(locale, context.to)}`],
    [t('reports.export.timeZone'), context.timeZone, true],
    [t('reports.export.rows'), new Intl.NumberFormat(locale).format(total)],
  ];
  return (
    <Box
      component="dl"
      aria-label={t('reports.result.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {parts.map(([label, value, ltr]) => (
        <Box key={label} sx={{ display: 'flex', gap: 0.75 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}:
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: 500 }}
            dir={ltr ? 'ltr' : undefined}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A report's result: the context line and Export, the chart (or the trail map) where the report has one, and the
 * rows as a server-paged, server-sorted table whose columns come from REPORTS[key].columns.
 */
export function ReportResult({
  report,
  query,
  context,
  total,
  rows,
  sort,
}: {
  report: ReportKey;
  query: ReportQuery;
  context: ReportContext;
  total: number;
  rows: readonly ReportRow[];
  sort: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const meta = REPORTS[report];
  const timeZone = context.timeZone;
  const columns = useMemo<GridColDef<ReportRow>[]>(
    () =>
      meta.columns.map((column) => {
        const numeric = NUMERIC_TYPES.has(column.type);
        return {
          field: column.key,
          headerName: columnTitle(t, (key) => i18n.exists(key), report, column.key),
          sortable: Boolean(column.sortable),
          minWidth: column.type === 'datetime' ? 170 : numeric ? 100 : 130,
          flex: numeric ? 0.6 : 1,
          align: numeric ? 'right' : 'left',
          headerAlign: numeric ? 'right' : 'left',
          valueGetter: (_value, row) => formatValue(column, row[column.key], row, { t, locale, timeZone }),
          ...(column.type === 'msisdn' || column.type === 'coordinate'
            ? { renderCell: ({ value }) => <span dir="ltr">{String(value ?? '')}</span> }
            : {}),
        } satisfies GridColDef<ReportRow>;
      }),
    [meta, report, t, i18n, locale, timeZone],
  );
  // The same query (and cache entry) as the page's: a report page is a list page with its context beside.
  const rowsQuery = reportRowsQueryOptions(report) as unknown as (
    params: ListParams,
  ) => ListQueryOptions<ListPage<ReportRow>>;
  const chartKind = meta.chart;
  const chart = useQuery({
    ...reportChartQueryOptions(report, query),
    enabled: chartKind !== undefined && chartKind !== 'trail',
  });
  const oneMsisdn = query.msisdnIds !== undefined && !query.msisdnIds.includes(',');
  const title = t(`reports.${report}.title`);

  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ flex: '1 1 420px' }}>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <ContextLine context={context} total={total} />
        </Box>
        <ReportExportMenu report={report} query={query} sort={sort} total={total} />
      </Box>
      {chartKind === 'trail' ? (
        oneMsisdn ? (
          <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
            <ReportTrail rows={rows} label={t('reports.result.trail')} />
          </Suspense>
        ) : (
          <Alert severity="info">{t('reports.result.trailOne')}</Alert>
        )
      ) : chartKind ? (
        <Card variant="outlined">
          <CardContent>
            <ProblemAlert error={chart.error} onRetry={() => void chart.refetch()} />
            {chart.data
              ? chart.data.labels.length > 0 && (
                  <Suspense fallback={<Box sx={{ height: 280 }} />}>
                    <ReportChartView data={chart.data} label={t('reports.result.chart')} />
                  </Suspense>
                )
              : !chart.error && <Box sx={{ height: 280 }} />}
          </CardContent>
        </Card>
      ) : null}
      <ServerDataGrid<ReportRow>
        label={title}
        query={rowsQuery}
        columns={columns}
        defaultSort={meta.defaultSort}
        filters={query}
        searchable={false}
        urlPrefix={RESULT_URL_PREFIX}
        gridProps={{ getRowId: (row) => row[ROW_ID] as number }}
      />
    </Stack>
  );
}
