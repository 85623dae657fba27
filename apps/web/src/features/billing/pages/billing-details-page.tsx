import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@lbs/contracts';
import { DetailsList, DetailsSection } from '../../../components/details-card.tsx';
import { InvoiceStatusChip } from '../../../components/invoice-status-chip.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDate, formatInstantDate, formatMinor, formatPeriod } from '../../../lib/format.ts';
import { invoiceQueryOptions } from '../api/get-invoice.ts';
import { InvoiceActions } from '../components/invoice-actions.tsx';
import { InvoiceItems } from '../components/invoice-items.tsx';
import { CreditNotesTable, PaymentsTable } from '../components/invoice-ledger.tsx';
import { InvoiceTotals } from '../components/invoice-totals.tsx';
import { billingRoutes } from '../paths.ts';

/** Another invoice of the chain (the one this replaces, or its replacement) as a link. */
function InvoiceLink({ id, label }: { id: number; label: string }) {
  const { role } = useCurrentUser();
  const to = billingRoutes(role).detailsPath(id);
  const text = <bdi dir="ltr">{label}</bdi>;
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    text
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (minor: number) => formatMinor(locale, minor, invoice.currency);
  const open = invoice.status === 'ISSUED' || invoice.status === 'PARTIALLY_PAID';
  return (
    <Box>
      {invoice.status === 'DRAFT' && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('billing.details.draftNote')}
        </Alert>
      )}
      {invoice.status === 'VOID' && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('billing.details.voidNote', { reason: invoice.voidReason ?? '—' })}
        </Alert>
      )}
      <DetailsList
        items={[
          { label: t('invoice.client'), value: invoice.companyName },
          {
            label: t('invoice.number'),
            value: invoice.number ? <bdi dir="ltr">{invoice.number}</bdi> : t('invoice.status.DRAFT'),
          },
          { label: t('invoice.period'), value: formatPeriod(locale, invoice.period) },
          {
            label: t('invoice.status'),
            value: <InvoiceStatusChip status={invoice.status} overdue={invoice.overdue} />,
          },
          { label: t('invoice.issued'), value: formatInstantDate(locale, invoice.issuedAt) },
          { label: t('invoice.dueOn'), value: formatDate(locale, invoice.dueOn) },
          { label: t('invoice.grandTotal'), value: money(invoice.totalMinor) },
          { label: t('invoice.balance'), value: money(invoice.balanceMinor) },
          ...(invoice.replacesInvoiceId !== null
            ? [
                {
                  label: t('billing.details.replaces'),
                  value: (
                    <InvoiceLink
                      id={invoice.replacesInvoiceId}
                      label={invoice.replacesNumber ?? `#${invoice.replacesInvoiceId}`}
                    />
                  ),
                },
              ]
            : []),
          ...(invoice.replacedById !== null
            ? [
                {
                  label: t('billing.details.replacedBy'),
                  value: <InvoiceLink id={invoice.replacedById} label={`#${invoice.replacedById}`} />,
                },
              ]
            : []),
        ]}
      />
      {open && invoice.balanceMinor > 0 && invoice.paymentInstructions && (
        <Alert severity="info" sx={{ mt: 3, whiteSpace: 'pre-line' }}>
          <AlertTitle>{t('billing.details.paymentInstructions')}</AlertTitle>
          {invoice.paymentInstructions}
        </Alert>
      )}
      <DetailsSection title={t('billing.details.items')}>
        <InvoiceItems invoice={invoice} />
        <Box sx={{ mt: 3 }}>
          <InvoiceTotals invoice={invoice} />
        </Box>
      </DetailsSection>
      <DetailsSection title={t('billing.payments.title')}>
        <PaymentsTable invoice={invoice} />
      </DetailsSection>
      <DetailsSection title={t('billing.creditNotes.title')}>
        <CreditNotesTable invoice={invoice} />
      </DetailsSection>
    </Box>
  );
}

/**
 * /billing-details/{id} (CompanyAdmin) and /operator/invoice-details/{id} (SuperAdmin): the invoice with the SPEC's labels (client, id, issued, due on, item description, assignment
 * type, quantity, subtotal, rebate, grand total), its lines grouped by assignment type, payments and credit notes;
 * Download PDF, and the operator's actions where the invoice's abilities allow them.
 */
export function BillingDetailsPage() {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  const routes = billingRoutes(role);
  const query = useRouteRecord(invoiceQueryOptions);
  const invoice = query.data;
  return (
    <PageFrame
      title={invoice ? (invoice.number ?? t('billing.details.draftTitle')) : t('route.billingDetails')}
      crumbs={[{ label: t(routes.listLabelKey), ...(routes.listPath ? { to: routes.listPath } : {}) }]}
      actions={invoice && <InvoiceActions invoice={invoice} />}
    >
      <RecordState query={query} list={routes.listRouteId ?? 'billingList'}>
        {(data) => <InvoiceBody invoice={data} />}
      </RecordState>
    </PageFrame>
  );
}
