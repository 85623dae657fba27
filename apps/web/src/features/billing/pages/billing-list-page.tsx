import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummary } from '@lbs/contracts';
import { INCOMPLETE_MONTH, MonthField } from '../../../components/date-field/month-field.tsx';
import { EntitySelect } from '../../../components/entity-select.tsx';
import { InvoiceStatusChip } from '../../../components/invoice-status-chip.tsx';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter, useUrlIdFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDate, formatInstantDate, formatMinor, formatPeriod } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { invoicesQueryOptions } from '../api/list-invoices.ts';
import { EstimateCard } from '../components/estimate-card.tsx';
import { RunInvoicesDialog } from '../components/run-invoices-dialog.tsx';
import { billingRoutes } from '../paths.ts';

const money = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * /billing/list (CompanyAdmin) and /operator/invoices (SuperAdmin): the invoices in scope, newest month first, with
 * status, month and overdue filters. A CompanyAdmin sees the current month's estimate above them; a SuperAdmin
 * filters by company (and then sees that company's estimate) and, where the permissions allow, runs a month.
 */
export function BillingListPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const routes = useMemo(() => billingRoutes(role), [role]);
  // Only a SuperAdmin's list spans companies (the server scopes everyone else's to their own).
  const superAdmin = role === 'SuperAdmin';
  const [companyId, setCompanyId] = useUrlIdFilter('companyId');
  const [status, setStatus] = useUrlFilter('status');
  const [period, setPeriod] = useUrlFilter('period');
  const [overdue, setOverdue] = useUrlFilter('overdue');
  const [running, setRunning] = useState(false);

  const columns = useMemo<GridColDef<InvoiceSummary>[]>(
    () => [
      {
        field: 'number',
        headerName: t('invoice.number'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={routes.detailsPath(row.id) ?? '#'}>
            {row.number ? <bdi dir="ltr">{row.number}</bdi> : t('invoice.status.DRAFT')}
          </Link>
        ),
      },
      ...(superAdmin
        ? [
            {
              field: 'companyName',
              headerName: t('invoice.client'),
              flex: 1,
              minWidth: 130,
            } satisfies GridColDef<InvoiceSummary>,
          ]
        : []),
      {
        field: 'period',
        headerName: t('invoice.period'),
        minWidth: 120,
        valueFormatter: (value: string) => formatPeriod(locale, value),
      },
      {
        field: 'issuedAt',
        headerName: t('invoice.issued'),
        minWidth: 105,
        valueFormatter: (value: string | null) => formatInstantDate(locale, value),
      },
      {
        field: 'dueOn',
        headerName: t('invoice.dueOn'),
        minWidth: 105,
        valueFormatter: (value: string | null) => formatDate(locale, value),
      },
      {
        field: 'totalMinor',
        headerName: t('invoice.grandTotal'),
        type: 'number',
        minWidth: 120,
        valueFormatter: (value: number, row) => formatMinor(locale, value, row.currency),
        cellClassName: 'money',
      },
      {
        field: 'balanceMinor',
        headerName: t('invoice.balance'),
        type: 'number',
        sortable: false,
        minWidth: 120,
        valueFormatter: (value: number, row) => formatMinor(locale, value, row.currency),
        cellClassName: 'money',
      },
      {
        field: 'status',
        headerName: t('invoice.status'),
        minWidth: 160,
        flex: 1.2,
        renderCell: ({ row }) => <InvoiceStatusChip status={row.status} overdue={row.overdue} />,
      },
    ],
    [t, locale, superAdmin, routes],
  );
  const title = t(`route.${routes.listRouteId ?? 'billingList'}`);
  const showEstimate = !superAdmin || companyId !== null;

  return (
    <PageFrame
      title={title}
      bare
      actions={
        allowed('invoice', 'run') && (
          <Button variant="contained" startIcon={<PlayArrowOutlinedIcon />} onClick={() => setRunning(true)}>
            {t('billing.run.action')}
          </Button>
        )
      }
    >
      <Stack spacing={3}>
        {showEstimate && <EstimateCard companyId={superAdmin ? (companyId ?? undefined) : undefined} />}
        <Card>
          <CardContent sx={{ p: { xs: 2.5, md: 3.5 }, '&:last-child': { pb: { xs: 2.5, md: 3.5 } } }}>
            <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
              {t('billing.list.title')}
            </Typography>
            <ServerDataGrid<InvoiceSummary>
              label={title}
              query={invoicesQueryOptions}
              exportList="invoices"
              columns={columns}
              defaultSort="-period"
              searchable={false}
              filters={{
                companyId: superAdmin ? companyId : undefined,
                status,
                period,
                overdue: overdue === 'true' ? true : undefined,
              }}
              toolbar={
                <>
                  {superAdmin && (
                    <EntitySelect
                      kind="company"
                      value={companyId}
                      onChange={setCompanyId}
                      label={t('billing.filter.company')}
                      size="small"
                      minWidth={200}
                    />
                  )}
                  <SelectFilter
                    label={t('billing.filter.status')}
                    value={status as InvoiceStatus | undefined}
                    onChange={setStatus}
                    options={INVOICE_STATUSES}
                    optionLabel={(s) => t(`invoice.status.${s}`)}
                    anyLabel={t('billing.filter.all')}
                    minWidth={160}
                  />
                  <MonthField
                    size="small"
                    name="period"
                    label={t('billing.filter.period')}
                    value={period ?? ''}
                    onChange={(month) => {
                      if (month !== INCOMPLETE_MONTH) setPeriod(month || undefined);
                    }}
                    sx={{ width: 190 }}
                  />
                  <FormControlLabel
                    control={
                      <Switch
                        checked={overdue === 'true'}
                        onChange={(e) => setOverdue(e.target.checked ? 'true' : undefined)}
                      />
                    }
                    label={t('billing.filter.overdueOnly')}
                  />
                </>
              }
              onRowClick={(row) => {
                const to = routes.detailsPath(row.id);
                if (to) void navigate(to);
              }}
              gridProps={{ sx: { '& .money': money } }}
            />
          </CardContent>
        </Card>
      </Stack>
      {running && <RunInvoicesDialog onClose={() => setRunning(false)} />}
    </PageFrame>
  );
}
