import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError, messageKeyFor } from '../lib/api/api-error.ts';
import { downloadInvoicePdf } from '../shared-api/invoices/download-invoice-pdf.ts';
import { useNotify } from './notifier.tsx';

/**
 * "Download PDF" of an invoice (texts of the `invoice` area): the stored PDF of an issued invoice, a draft's preview.
 * `compact` is an icon button for a table row, named after the invoice.
 */
export function InvoicePdfButton({
  invoice,
  compact = false,
}: {
  invoice: { id: number; number: string | null };
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notify(error instanceof ApiError ? t(messageKeyFor(error)) : t('invoice.downloadFailed'), 'error');
    } finally {
      setPending(false);
    }
  };
  if (compact) {
    const label = t('invoice.downloadPdfOf', { number: invoice.number ?? t('invoice.status.DRAFT') });
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} disabled={pending} onClick={() => void download()}>
            <PictureAsPdfOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlinedIcon />}
      disabled={pending}
      onClick={() => void download()}
    >
      {t('invoice.downloadPdf')}
    </Button>
  );
}
