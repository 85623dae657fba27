import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import type { Msisdn } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DetailsList, DetailsSection } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteMsisdn } from '../api/delete-msisdn.ts';
import { msisdnQueryOptions } from '../api/get-msisdn.ts';
import { useResendConsent } from '../api/resend-consent.ts';
import { useUpdateMsisdn } from '../api/update-msisdn.ts';
import { ConsentChip } from '../components/consent-chip.tsx';
import { DeviceTokenSection } from '../components/device-token-section.tsx';
import { LocationSection } from '../components/location-section.tsx';
import { msisdnPaths } from '../paths.ts';

/**
 * /msisdn-details/{id}: every field, the consent state with its times, the last position on a small map with the
 * last 24 hours' trail, the tracking app's token, and the actions the role may take.
 */
export function MsisdnDetailsPage() {
  const { t } = useTranslation();
  const query = useRouteRecord(msisdnQueryOptions);
  return (
    <PageFrame
      title={t('route.msisdnDetails')}
      crumbs={[{ label: t('route.msisdnList'), to: msisdnPaths.list }]}
      actions={query.data ? <DetailsActions item={query.data} /> : undefined}
    >
      <RecordState query={query} list="msisdnList">
        {(item) => <DetailsBody item={item} />}
      </RecordState>
    </PageFrame>
  );
}

/** Edit and Delete, each where the number's abilities allow it. */
function DetailsActions({ item }: { item: Msisdn }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const remove = useDeleteMsisdn();
  const [confirming, setConfirming] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 1.5 }}>
      {item.abilities.update && (
        <Button
          variant="contained"
          startIcon={<EditIcon />}
          component={RouterLink}
          to={msisdnPaths.edit(item.id)}
        >
          {t('msisdns.action.edit')}
        </Button>
      )}
      {item.abilities.delete && (
        <>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('msisdns.action.delete')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('msisdns.delete.title')}
            message={t('msisdns.delete.text', { number: item.msisdn, name: item.employeeName })}
            confirmLabel={t('msisdns.action.delete')}
            onConfirm={async () => {
              await remove.mutateAsync(item.id);
              notify(t('msisdns.delete.done'));
              await navigate(msisdnPaths.list);
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Box>
  );
}

function DetailsBody({ item }: { item: Msisdn }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const when = (value: string) => formatDateTime(i18n.language, value);
  return (
    <Box>
      {justCreated && (
        <Alert severity={item.consentRequestedAt ? 'success' : 'warning'} role="status" sx={{ mb: 3 }}>
          {item.consentRequestedAt
            ? t('msisdns.created.sent', { number: item.msisdn })
            : t('msisdns.created.notSent')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: 22, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            <bdi dir="ltr">{item.msisdn}</bdi>
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{item.employeeName}</Typography>
        </Box>
        <ConsentChip msisdn={item} size="medium" />
      </Box>
      <DetailsList
        items={[
          { label: t('msisdns.field.msisdn'), value: <bdi dir="ltr">{item.msisdn}</bdi> },
          { label: t('msisdns.field.employeeName'), value: item.employeeName },
          { label: t('msisdns.field.employeeCode'), value: item.employeeCode },
          { label: t('msisdns.field.email'), value: item.email },
          { label: t('msisdns.field.company'), value: item.companyName },
          { label: t('msisdns.field.department'), value: item.departmentName },
          { label: t('msisdns.field.zone'), value: item.zoneName ?? t('msisdns.form.noZone') },
          { label: t('msisdns.field.designation'), value: item.designationName },
          { label: t('msisdns.field.createdAt'), value: when(item.createdAt) },
          { label: t('msisdns.field.updatedAt'), value: when(item.updatedAt) },
        ]}
      />
      <DetailsSection title={t('msisdns.section.consent')}>
        <ConsentSection item={item} />
      </DetailsSection>
      <DetailsSection title={t('msisdns.section.location')}>
        <LocationSection item={item} />
      </DetailsSection>
      {item.abilities.issueDeviceToken && (
        <DetailsSection title={t('msisdns.section.deviceToken')}>
          <DeviceTokenSection item={item} />
        </DetailsSection>
      )}
    </Box>
  );
}

/** Consent state with its times, the resend button (not once GRANTED) and the tracking switch. */
function ConsentSection({ item }: { item: Msisdn }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const resend = useResendConsent();
  const update = useUpdateMsisdn(item.id);
  const tracking = (
    <FormControlLabel
      sx={{ m: 0, gap: 1 }}
      control={
        <Switch
          checked={item.trackingEnabled}
          disabled={!item.abilities.update || update.isPending}
          onChange={(_event, checked) =>
            update.mutate(
              { trackingEnabled: checked },
              {
                onSuccess: () =>
                  notify(t(checked ? 'msisdns.tracking.turnedOn' : 'msisdns.tracking.turnedOff')),
                onError: (error) => notify(t(messageKeyFor(error)), 'error'),
              },
            )
          }
          slotProps={{ input: { 'aria-label': t('msisdns.field.tracking') } }}
        />
      }
      label={t(item.trackingEnabled ? 'msisdns.tracking.on' : 'msisdns.tracking.off')}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <DetailsList
        items={[
          { label: t('msisdns.field.consent'), value: t(`msisdns.consent.${item.consentStatus}`) },
          { label: t('msisdns.field.tracking'), value: tracking },
          {
            label: t('msisdns.field.consentRequestedAt'),
            value: item.consentRequestedAt
              ? formatDateTime(i18n.language, item.consentRequestedAt)
              : t('msisdns.consent.notSent'),
          },
          { label: t('msisdns.field.consentAt'), value: formatDateTime(i18n.language, item.consentAt) },
        ]}
      />
      <Alert
        severity={
          item.consentStatus === 'GRANTED' ? 'success' : item.consentStatus === 'PENDING' ? 'info' : 'warning'
        }
      >
        {t(`msisdns.consent.explain.${item.consentStatus}`)}
      </Alert>
      {item.abilities.resendConsent && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<SendIcon />}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(item.id, {
                onSuccess: () => notify(t('msisdn.consentRequested')),
                onError: (error) => notify(t(messageKeyFor(error)), 'error'),
              })
            }
          >
            {t('msisdns.consent.resend')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
