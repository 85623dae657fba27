import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { REPORTS, type ReportKey } from '@lbs/contracts';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { useFieldErrorText } from '../../../components/form-fields.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { useGridUrlState, useUrlFilter, useUrlIdFilter } from '../../../components/server-data-grid.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useHierarchy } from '../../../lib/hierarchy.ts';
import {
  reportCatalogueQueryOptions,
  reportKeys,
  reportRowsQueryOptions,
  type ReportQuery,
} from '../api/reports.ts';
import { ReportCatalogue } from '../components/report-catalogue.tsx';
import { ReportDashboard } from '../components/report-dashboard.tsx';
import { ReportForm } from '../components/report-form.tsx';
import {
  fieldErrorsOf,
  initialValues,
  toReportQuery,
  type ReportFormValues,
} from '../components/report-params.ts';
import { RESULT_URL_PREFIX, ReportResult } from '../components/report-result.tsx';
import { ScheduledReportsTab } from '../schedules/index.ts';

/**
 * "Reports" tab: the month's figures, the catalogue of the reports the caller may run (GET /reports), the chosen
 * report's parameters, and its result. A SuperAdmin first picks the company (`?companyId=`); the chosen report is
 * `?report=`, the result's page and sort `?rpage=&rsort=`.
 */
function RunReportsPanel() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const client = useQueryClient();
  const { role } = useCurrentUser();
  const { mode } = useHierarchy();
  const superAdmin = role === 'SuperAdmin';
  const [urlCompanyId, setCompanyId] = useUrlIdFilter('companyId');
  const companyId = superAdmin ? urlCompanyId : null;
  const [reportParam, setReportParam] = useUrlFilter('report');
  const catalogue = useQuery(reportCatalogueQueryOptions());
  const available = catalogue.data;
  const report = available?.find((key) => key === reportParam);
  const meta = report ? REPORTS[report] : undefined;

  const grid = useGridUrlState({ defaultSort: meta?.defaultSort, urlPrefix: RESULT_URL_PREFIX });
  const [values, setValues] = useState<ReportFormValues | null>(() => (meta ? initialValues(meta) : null));
  const [run, setRun] = useState<{ report: ReportKey; query: ReportQuery } | null>(null);
  // A report chosen anew starts from its own defaults (a monthly report: last month).
  useEffect(() => {
    setValues(meta ? initialValues(meta) : null);
    setRun(null);
  }, [meta]);

  const active = run && run.report === report ? run : null;
  const params = {
    page: grid.page,
    size: grid.size,
    sort: grid.sort,
    q: grid.q || undefined,
    filters: active?.query ?? {},
  };
  const rows = useQuery({
    ...reportRowsQueryOptions(active?.report ?? 'visits')(params),
    enabled: active !== null,
  });
  const { byField, other } = useMemo(() => fieldErrorsOf(rows.error), [rows.error]);
  const fieldsWrong = Object.keys(byField).length > 0 || other.length > 0;

  const select = (key: ReportKey) => {
    if (key === report) return;
    grid.update({ page: undefined, sort: undefined, size: grid.size === 20 ? undefined : String(grid.size) });
    setReportParam(key);
  };

  const runReport = () => {
    if (!report || !meta || !values) return;
    const query = toReportQuery(meta, values, companyId, mode);
    grid.update({ page: undefined, sort: undefined });
    setRun({ report, query });
    // Run again with the same parameters: ask the server again.
    void client.invalidateQueries({ queryKey: [...reportKeys.all, report] });
  };

  return (
    <Box>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          {superAdmin && (
            <Box sx={{ mb: 2 }}>
              <EntitySelect
                kind="company"
                name="companyId"
                value={urlCompanyId}
                onChange={(id) => {
                  setCompanyId(id);
                  setRun(null);
                }}
                label={t('org.fields.company')}
                error={Boolean(byField.companyId)}
                helperText={errorText(byField.companyId)}
                size="small"
                minWidth={320}
              />
            </Box>
          )}
          {superAdmin && companyId === null ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('reports.dashboard.chooseCompany')}
            </Alert>
          ) : (
            <ReportDashboard companyId={companyId} />
          )}
          {catalogue.error ? (
            <FormProblemAlert
              outcome={{ messageKey: messageKeyFor(catalogue.error), mapped: [], unmapped: [], status: 0 }}
            />
          ) : available ? (
            <ReportCatalogue available={available} selected={report} onSelect={select} />
          ) : (
            <Skeleton variant="rounded" height={160} />
          )}
        </CardContent>
      </Card>
      {report && meta && values && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            {active && fieldsWrong && (
              <FormProblemAlert
                outcome={{ messageKey: messageKeyFor(rows.error), mapped: [], unmapped: other, status: 400 }}
              />
            )}
            <ReportForm
              key={report}
              meta={meta}
              values={values}
              onChange={setValues}
              companyId={companyId}
              errors={active ? byField : {}}
              running={active !== null && rows.isFetching}
              onRun={runReport}
            />
          </CardContent>
        </Card>
      )}
      {active && !fieldsWrong && (
        <Card>
          <CardContent>
            {rows.data ? (
              <ReportResult
                report={active.report}
                query={active.query}
                context={rows.data.context}
                total={rows.data.total}
                rows={rows.data.items}
                sort={grid.sort}
              />
            ) : rows.error ? (
              <FormProblemAlert
                outcome={{ messageKey: messageKeyFor(rows.error), mapped: [], unmapped: [], status: 0 }}
              />
            ) : (
              <Skeleton variant="rounded" height={240} />
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

/** /reports: the tabs of the reports area ("Reports", "Scheduled": `?tab=scheduled`) and the chosen tab's panel. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useUrlFilter('tab');
  const current = tab ?? 'run';
  return (
    <PageFrame title={t('route.reports')} crumbs={[{ label: t('sidebar.report') }]} bare>
      <Tabs
        value={current}
        onChange={(_event, value: string) => setTab(value === 'run' ? undefined : value)}
        aria-label={t('reports.tabs.label')}
        sx={{ mb: 2 }}
      >
        <Tab value="run" label={t('reports.tabs.run')} />
        <Tab value="scheduled" label={t('reportSchedules.tab')} />
      </Tabs>
      {current === 'run' && <RunReportsPanel />}
      {current === 'scheduled' && <ScheduledReportsTab />}
    </PageFrame>
  );
}
