import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@lbs/contracts';
import { formatDateTime } from '../../../lib/format.ts';

/** A notification that reached the inbox this long after its event also says when it arrived. */
export const LATE_ARRIVAL_MS = 5 * 60_000;

/**
 * When a notification's event happened, and — when it reached the inbox later (a late network fix, a replayed
 * backlog, a digest's rule) — when it arrived: the inbox lists by arrival, so an older event at the top says why.
 */
export function NotificationTime({ notification: n }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const late = Date.parse(n.createdAt) - Date.parse(n.occurredAt) > LATE_ARRIVAL_MS;
  return (
    <Stack component="span" spacing={0}>
      <Typography variant="caption" color="text.secondary">
        <time dateTime={n.occurredAt}>{formatDateTime(i18n.language, n.occurredAt)}</time>
      </Typography>
      {late && (
        <Typography variant="caption" color="text.secondary">
          {t('notifications.arrivedAt', { time: formatDateTime(i18n.language, n.createdAt) })}
        </Typography>
      )}
    </Stack>
  );
}
