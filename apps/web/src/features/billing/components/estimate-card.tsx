import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { formatDecimal, formatMinor, formatPeriod } from '../../../lib/format.ts';
import { useEstimate } from '../api/get-estimate.ts';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box component="div" role="group" aria-label={label}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: 22, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * "This month so far (estimate)": the current month's active MSISDNs, locates and billable locates, priced by the
 * tariff in effect. A CompanyAdmin's own company (no companyId); a SuperAdmin's chosen one.
 */
export function EstimateCard({ companyId }: { companyId?: number | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useEstimate(companyId, true);
  const estimate = query.data;
  const count = (n: number) => formatDecimal(locale, String(n));
  return (
    <Card component="section" aria-labelledby="billing-estimate-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3.5 } }}>
        <Typography id="billing-estimate-title" variant="h4" component="h2" sx={{ mb: 0.5 }}>
          {t('billing.estimate.title')}
        </Typography>
        {query.isPending && <DelayedLoader />}
        {query.isError && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t(messageKeyFor(query.error))}
          </Alert>
        )}
        {estimate && (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
              {t('billing.estimate.subtitle', { period: formatPeriod(locale, estimate.period) })}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
              }}
            >
              <Figure label={t('billing.estimate.activeMsisdns')} value={count(estimate.activeMsisdns)} />
              <Figure label={t('billing.estimate.locates')} value={count(estimate.locates)} />
              <Figure label={t('billing.estimate.billableLocates')} value={count(estimate.billableLocates)} />
              <Figure
                label={t('billing.estimate.total')}
                value={formatMinor(locale, estimate.totalMinor, estimate.currency)}
                detail={t('billing.estimate.totalDetail', {
                  subtotal: formatMinor(locale, estimate.subtotalMinor, estimate.currency),
                  tax: formatMinor(locale, estimate.taxMinor, estimate.currency),
                })}
              />
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
