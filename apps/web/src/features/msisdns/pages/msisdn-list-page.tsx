import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import SendIcon from '@mui/icons-material/SendOutlined';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { CONSENT_STATUSES, type ConsentStatus, type Msisdn } from '@lbs/contracts';
import { SelectFilter, useOrgFilters } from '../../../components/list-filters.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { msisdnsQueryOptions } from '../../../shared-api/msisdns/list-msisdns.ts';
import { useNotify } from '../../../components/notifier.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useRequestConsentBulk } from '../api/resend-consent.ts';
import { ConsentChip } from '../components/consent-chip.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { TrackingChip } from '../components/tracking-chip.tsx';
import { msisdnPaths } from '../paths.ts';

const isConsentStatus = (value: string | undefined): value is ConsentStatus =>
  (CONSENT_STATUSES as readonly string[]).includes(value ?? '');

/** /msisdn/list: the employee numbers in the caller's scope, with the filters of the hierarchy mode. */
export function MsisdnListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const isSuperAdmin = role === 'SuperAdmin';
  const [importOpen, setImportOpen] = useState(false);
  const org = useOrgFilters({
    company: t('msisdns.field.company'),
    designation: t('msisdns.field.designation'),
  });
  const [consentParam, setConsent] = useUrlFilter('consentStatus');
  const consentStatus = isConsentStatus(consentParam) ? consentParam : undefined;
  // Consent requests unanswered past the company's limit (the link of a CONSENT_PENDING_EXPIRED notification).
  const [pendingParam, setPending] = useUrlFilter('pendingExpired');
  const pendingExpired = pendingParam === 'true' ? true : undefined;
  const notify = useNotify();
  const askAgain = useRequestConsentBulk();

  const columns = useMemo<GridColDef<Msisdn>[]>(() => {
    const unit: GridColDef<Msisdn> =
      org.mode === 'ZONE'
        ? {
            field: 'zoneName',
            headerName: t('msisdns.field.zone'),
            flex: 1,
            minWidth: 120,
            valueGetter: (_v, row) => row.zoneName ?? '—',
          }
        : { field: 'departmentName', headerName: t('msisdns.field.department'), flex: 1, minWidth: 120 };
    return [
      {
        field: 'msisdn',
        headerName: t('msisdns.field.msisdn'),
        minWidth: 145,
        flex: 1,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={msisdnPaths.details(row.id)}
            onClick={(event) => event.stopPropagation()}
            dir="ltr"
            underline="hover"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', unicodeBidi: 'isolate' }}
          >
            {row.msisdn}
          </Link>
        ),
      },
      { field: 'employeeName', headerName: t('msisdns.field.employeeName'), flex: 1.2, minWidth: 140 },
      {
        field: 'employeeCode',
        headerName: t('msisdns.field.employeeCode'),
        minWidth: 115,
        valueGetter: (_v, row) => row.employeeCode ?? '—',
      },
      ...(isSuperAdmin
        ? [
            {
              field: 'companyName',
              headerName: t('msisdns.field.company'),
              flex: 1,
              minWidth: 130,
            } satisfies GridColDef<Msisdn>,
          ]
        : []),
      unit,
      { field: 'designationName', headerName: t('msisdns.field.designation'), flex: 1, minWidth: 120 },
      {
        field: 'consentStatus',
        headerName: t('msisdns.field.consent'),
        minWidth: 180,
        flex: 1.2,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <ConsentChip msisdn={row} stacked />
          </Box>
        ),
      },
      {
        field: 'trackingEnabled',
        headerName: t('msisdns.field.tracking'),
        minWidth: 105,
        renderCell: ({ row }) => <TrackingChip enabled={row.trackingEnabled} />,
      },
    ];
  }, [t, org.mode, isSuperAdmin]);

  const actions = (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      {allowed('msisdn', 'import') && (
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImportOpen(true)}>
          {t('msisdns.action.import')}
        </Button>
      )}
      {pendingExpired && allowed('msisdn', 'resendConsent') && (
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          disabled={askAgain.isPending}
          onClick={() =>
            askAgain.mutate(
              { pendingExpired: true },
              {
                onSuccess: ({ requested }) => notify(t('msisdns.consent.askedAgain', { count: requested })),
                onError: (error) => notify(t(messageKeyFor(error)), 'error'),
              },
            )
          }
        >
          {t('msisdns.consent.askAgainAll')}
        </Button>
      )}
      {allowed('msisdn', 'create') && (
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={msisdnPaths.add}>
          {t('msisdns.action.add')}
        </Button>
      )}
    </Box>
  );

  return (
    <PageFrame title={t('route.msisdnList')} crumbs={[{ label: t('sidebar.msisdn') }]} actions={actions}>
      <ServerDataGrid<Msisdn>
        label={t('route.msisdnList')}
        query={msisdnsQueryOptions}
        exportList="msisdns"
        columns={columns}
        defaultSort="employeeName"
        searchLabel={t('msisdns.list.searchPlaceholder')}
        filters={{ ...org.filters, consentStatus, pendingExpired }}
        gridProps={{ rowHeight: 64 }}
        toolbar={
          // The selects fill their minimum width (the shared EntitySelect's field does not stretch by itself).
          <Box
            sx={{ display: 'contents', '& .MuiAutocomplete-root .MuiFormControl-root': { width: '100%' } }}
          >
            {org.controls}
            <SelectFilter
              label={t('msisdns.field.consent')}
              value={consentStatus}
              onChange={setConsent}
              options={CONSENT_STATUSES}
              optionLabel={(status) => t(`msisdns.consent.${status}`)}
              anyLabel={t('msisdns.filter.any')}
              minWidth={170}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={pendingExpired === true}
                  onChange={(e) => setPending(e.target.checked ? 'true' : undefined)}
                />
              }
              label={t('msisdns.filter.pendingExpired')}
            />
          </Box>
        }
        onRowClick={(row) => navigate(msisdnPaths.details(row.id))}
      />
      {allowed('msisdn', 'import') && <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />}
    </PageFrame>
  );
}
