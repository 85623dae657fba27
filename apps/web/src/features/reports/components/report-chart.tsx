/**
 * A report's chart (MUI X Charts; this module loads with the chart): the attendance rate as a line over the days,
 * the other charts as bars (per day, or per category such as a completion source or a consent state). Days print in
 * the interface language, categories and series by their translated names; in Arabic the axis runs right to left.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { isIsoDate, type ReportChart, type ReportChartData } from '@lbs/contracts';

/** The value set a chart's category labels belong to (`reports.enum.<set>.<label>`). */
const CATEGORY_ENUM: Partial<Record<ReportChart, string>> = {
  tasksBySource: 'taskCompletionSource',
  consentStates: 'consentStatus',
};

/** Charts drawn as lines; the others are bars. */
const LINE_CHARTS = new Set<ReportChart>(['attendanceRate']);
/** Charts whose series stack (parts of one whole per day). */
const STACKED_CHARTS = new Set<ReportChart>(['locatesPerDay', 'visitsPerDay', 'tasksBySource']);

export function ReportChartView({ data, label }: { data: ReportChartData; label: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rtl = useTheme().direction === 'rtl';
  const enumOf = CATEGORY_ENUM[data.chart];
  const labels = useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return data.labels.map((value) =>
      isIsoDate(value)
        ? day.format(new Date(`${value}T00:00:00Z`))
        : enumOf
          ? t(`reports.enum.${enumOf}.${value}`, { defaultValue: value })
          : value,
    );
  }, [data.labels, enumOf, locale, t]);
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const seriesName = (key: string) =>
    i18n.exists(`reports.series.${key}`)
      ? t(`reports.series.${key}`)
      : enumOf
        ? t(`reports.enum.${enumOf}.${key}`, { defaultValue: key })
        : key;
  const stack = STACKED_CHARTS.has(data.chart) ? 'total' : undefined;
  // The attendance rate's chart draws the rate (its other series, the day counts, are the rate's parts).
  const shown = data.chart === 'attendanceRate' ? data.series.filter((s) => s.key === 'rate') : data.series;
  const series = shown.map((s) => ({
    id: s.key,
    data: s.values,
    label: seriesName(s.key),
    valueFormatter: (v: number | null) => (v === null ? '' : number.format(v)),
    ...(stack ? { stack } : {}),
  }));
  const percent = data.chart === 'attendanceRate';
  const yAxis = [
    {
      position: rtl ? ('right' as const) : ('left' as const),
      valueFormatter: (v: number) => number.format(v),
      ...(percent ? { min: 0, max: 100 } : {}),
    },
  ];
  // Every step-th day is labelled, the same ones in both directions (MUI's own thinning crowds them right to left).
  const step = Math.max(1, Math.ceil(labels.length / 12));
  const xAxis = {
    data: labels,
    reverse: rtl,
    height: 40,
    tickLabelInterval: (_value: unknown, index: number) => index % step === 0,
  };
  const common = {
    height: 280,
    series,
    yAxis,
    margin: { top: 8 },
    slotProps: { legend: { direction: 'horizontal' as const } },
  };
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%' }}>
      {LINE_CHARTS.has(data.chart) ? (
        <LineChart
          {...common}
          series={series.map((s) => ({
            ...s,
            curve: 'linear' as const,
            showMark: labels.length <= 31,
            connectNulls: false,
          }))}
          xAxis={[{ scaleType: 'point', ...xAxis }]}
        />
      ) : (
        <BarChart {...common} xAxis={[{ scaleType: 'band', ...xAxis }]} />
      )}
    </Box>
  );
}
