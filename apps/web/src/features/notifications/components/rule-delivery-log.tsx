import { useMemo } from 'react';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_DELIVERY_STATUSES,
  NOTIFICATION_SUPPRESS_REASONS,
  type NotificationDelivery,
  type NotificationDeliveryStatus,
} from '@lbs/contracts';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { formatDateTime, formatDateTimeRange } from '../../../lib/format.ts';
import { ruleDeliveriesQueryOptions } from '../api/rule-deliveries.ts';

const STATUS_COLOR: Record<NotificationDeliveryStatus, ChipProps['color']> = {
  QUEUED: 'info',
  SENT: 'success',
  FAILED: 'warning',
  SUPPRESSED: 'default',
  DEAD: 'error',
};

/** Its URL parameters (`log.page`, `log.status`…) keep apart from anything else the page keeps in its URL. */
const URL_PREFIX = 'log.';

/**
 * A rule's delivery log (GET /notification-rules/{id}/deliveries), a page at a time from the server, newest first:
 * when, which event, to whom, by which channel, and how it went — a suppressed one with its reason in the interface
 * language, a failed e-mail or SMS with the mail server's or gateway's own answer and how often it was tried, one a
 * digest carried with the digest's period.
 */
export function RuleDeliveryLog({ ruleId }: { ruleId: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [status, setStatus] = useUrlFilter('status', URL_PREFIX);
  const query = useMemo(() => ruleDeliveriesQueryOptions(ruleId), [ruleId]);
  const columns = useMemo<GridColDef<NotificationDelivery>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('notificationRules.log.column.time'),
        width: 175,
        valueGetter: (_value, row) => formatDateTime(locale, row.createdAt),
      },
      {
        field: 'eventType',
        headerName: t('notificationRules.log.column.event'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{t(`notifications.event.${row.eventType}`)}</span>
            {row.test && <Chip size="small" variant="outlined" label={t('notificationRules.log.test')} />}
          </Stack>
        ),
      },
      {
        field: 'recipient',
        headerName: t('notificationRules.log.column.recipient'),
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, row) => row.recipient.fullName,
      },
      {
        field: 'channel',
        headerName: t('notificationRules.log.column.channel'),
        width: 120,
        sortable: false,
        valueGetter: (_value, row) => t(`notificationRules.channel.${row.channel}`),
      },
      {
        field: 'status',
        headerName: t('notificationRules.log.column.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Chip
              size="small"
              color={STATUS_COLOR[row.status]}
              variant={row.status === 'SUPPRESSED' ? 'outlined' : 'filled'}
              label={t(`notificationRules.log.status.${row.status}`)}
            />
            {/* How often the relay tried: worth saying once it had to try again. */}
            {row.attempts > 1 && (
              <Typography variant="caption" color="text.secondary">
                {t('notificationRules.log.attempts', { count: row.attempts })}
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        field: 'reason',
        headerName: t('notificationRules.log.column.reason'),
        flex: 1.2,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack spacing={0.25}>
            {row.digest && (
              <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
                {t('notificationRules.log.inDigest', {
                  period: formatDateTimeRange(locale, row.digest.periodStart, row.digest.periodEnd),
                })}
              </Typography>
            )}
            {row.reason && (
              <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
                {reasonText(row.reason, (key) => t(key))}
              </Typography>
            )}
          </Stack>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <ServerDataGrid<NotificationDelivery>
      label={t('notificationRules.log.title')}
      query={query}
      columns={columns}
      defaultSort="-createdAt"
      searchable={false}
      urlPrefix={URL_PREFIX}
      filters={{ status }}
      toolbar={
        <SelectFilter
          label={t('notificationRules.log.column.status')}
          value={status as NotificationDeliveryStatus | undefined}
          onChange={setStatus}
          options={NOTIFICATION_DELIVERY_STATUSES}
          optionLabel={(s) => t(`notificationRules.log.status.${s}`)}
          anyLabel={t('notificationRules.filter.all')}
          minWidth={180}
        />
      }
      gridProps={{
        getRowHeight: () => 'auto',
        // Rows grow with a long reason; every cell keeps its text in the middle of the row.
        sx: { '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1 } },
      }}
    />
  );
}

/** A suppression reason in the interface language; a mail server's or gateway's answer as it came; else nothing. */
export function reasonText(reason: string | null, t: (key: string) => string): string {
  if (reason === null) return '';
  return (NOTIFICATION_SUPPRESS_REASONS as readonly string[]).includes(reason)
    ? t(`notificationRules.log.reason.${reason}`)
    : reason;
}
