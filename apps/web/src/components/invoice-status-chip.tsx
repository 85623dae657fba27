import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '@lbs/contracts';

const STATUS_COLOR = {
  DRAFT: 'default',
  ISSUED: 'info',
  PARTIALLY_PAID: 'warning',
  PAID: 'success',
  VOID: 'default',
} as const;

/**
 * An invoice's status (texts of the `invoice` area) and, beside it, "Overdue" in red when the server says so (issued,
 * not fully paid, past its due date: derived by the server, never here).
 */
export function InvoiceStatusChip({ status, overdue = false }: { status: InvoiceStatus; overdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Chip
        size="small"
        variant={status === 'VOID' ? 'outlined' : 'filled'}
        color={STATUS_COLOR[status]}
        label={t(`invoice.status.${status}`)}
      />
      {overdue && <Chip size="small" color="error" label={t('invoice.overdue')} />}
    </Stack>
  );
}
