import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InvoicePdfButton } from '../../../components/invoice-pdf-button.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { formatPeriod } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useIssueInvoice } from '../api/issue-invoice.ts';
import { useRunInvoices } from '../api/run-invoices.ts';
import { CreditNoteDialog, PaymentDialog, VoidDialog } from './invoice-dialogs.tsx';
import { billingRoutes } from '../paths.ts';
import { runOutcomeText } from './run-outcome.ts';

type Open = 'issue' | 'rebuild' | 'void' | 'creditNote' | 'payment' | null;

/**
 * The header's actions: Download PDF for everyone who sees the invoice; Issue, Rebuild draft, Record payment, Credit
 * note and Void each only where the invoice's abilities (the server's policy) allow it.
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const issue = useIssueInvoice();
  const run = useRunInvoices();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const { abilities } = invoice;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <InvoicePdfButton invoice={invoice} />
      {abilities.run && (
        <Button variant="outlined" onClick={() => setOpen('rebuild')}>
          {t('billing.action.rebuild')}
        </Button>
      )}
      {abilities.issue && (
        <Button variant="contained" onClick={() => setOpen('issue')}>
          {t('billing.action.issue')}
        </Button>
      )}
      {abilities.recordPayment && (
        <Button variant="contained" onClick={() => setOpen('payment')}>
          {t('billing.action.recordPayment')}
        </Button>
      )}
      {abilities.creditNote && (
        <Button variant="outlined" onClick={() => setOpen('creditNote')}>
          {t('billing.action.creditNote')}
        </Button>
      )}
      {abilities.void && (
        <Button variant="outlined" color="error" onClick={() => setOpen('void')}>
          {t('billing.action.void')}
        </Button>
      )}
      <ConfirmDialog
        open={open === 'issue'}
        title={t('billing.issue.title')}
        message={t('billing.issue.text')}
        confirmLabel={t('billing.action.issue')}
        destructive={false}
        onConfirm={async () => {
          await issue.mutateAsync(invoice.id);
          notify(t('billing.issue.done'));
        }}
        onClose={close}
      />
      <ConfirmDialog
        open={open === 'rebuild'}
        title={t('billing.rebuild.title')}
        message={t('billing.rebuild.text', { period: formatPeriod(i18n.language, invoice.period) })}
        confirmLabel={t('billing.action.rebuild')}
        destructive={false}
        onConfirm={async () => {
          const result = await run.mutateAsync({ companyId: invoice.companyId, period: invoice.period });
          notify(runOutcomeText(t, result), result.outcome === 'DRAFTED' ? 'success' : 'info');
          const next = result.invoice && result.invoice.id !== invoice.id ? result.invoice.id : undefined;
          const to = next === undefined ? undefined : billingRoutes(role).detailsPath(next);
          if (to) void navigate(to);
        }}
        onClose={close}
      />
      {open === 'void' && <VoidDialog invoice={invoice} onClose={close} />}
      {open === 'creditNote' && <CreditNoteDialog invoice={invoice} onClose={close} />}
      {open === 'payment' && <PaymentDialog invoice={invoice} onClose={close} />}
    </Box>
  );
}
