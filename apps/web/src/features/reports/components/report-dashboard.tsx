import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatPeriod } from '../../../lib/format.ts';
import { reportDashboardQueryOptions } from '../api/reports.ts';

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600, my: 0.25 }}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** This month so far for the caller's scope (a SuperAdmin's chosen company): four figures. */
export function ReportDashboard({ companyId }: { companyId: number | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useQuery(reportDashboardQueryOptions(companyId));
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const data = query.data;
  return (
    <Box component="section" aria-labelledby="report-dashboard-title" sx={{ mb: 3 }}>
      <Typography id="report-dashboard-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reports.dashboard.title', { month: data ? formatPeriod(locale, data.month) : '…' })}
      </Typography>
      <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {!data && !query.error
          ? [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={96} />)
          : data && (
              <>
                <Stat
                  label={t('reports.dashboard.attendanceRate')}
                  value={
                    data.attendanceRate === null
                      ? '–'
                      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
                          data.attendanceRate / 100,
                        )
                  }
                  detail={data.attendanceRate === null ? t('reports.dashboard.noWorkingDay') : ' '}
                />
                {/* A role that may not read usage gets no locate figures. */}
                {data.locatesUsed !== null && (
                  <Stat
                    label={t('reports.dashboard.locates')}
                    value={number(data.locatesUsed)}
                    detail={
                      data.locatesIncluded === null
                        ? t('reports.dashboard.locatesNoneIncluded')
                        : t('reports.dashboard.locatesIncluded', { included: number(data.locatesIncluded) })
                    }
                  />
                )}
                <Stat
                  label={t('reports.dashboard.tasks')}
                  value={number(data.tasksDone)}
                  detail={t('reports.dashboard.tasksDue', { due: number(data.tasksDue) })}
                />
                <Stat
                  label={t('reports.dashboard.withoutConsent')}
                  value={number(data.msisdnsWithoutConsent)}
                  detail={t('reports.dashboard.withoutConsentOf', { total: number(data.msisdns) })}
                />
              </>
            )}
      </Box>
    </Box>
  );
}
