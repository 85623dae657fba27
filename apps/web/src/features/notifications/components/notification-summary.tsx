import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@lbs/contracts';
import { notificationText, notificationTitle } from '../model/notification-text.ts';
import { NotificationTime } from './notification-time.tsx';

/** A notification's event, sentence and time, the event in bold while it is unread (the bell's menu, the inbox). */
export function NotificationSummary({
  notification: n,
  withTime = true,
}: {
  notification: Notification;
  withTime?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const unread = n.readAt === null;
  return (
    <Box sx={{ minWidth: 0, py: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }}>
        {notificationTitle(t, n)}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
      >
        {notificationText(t, i18n.language, n)}
      </Typography>
      {withTime && <NotificationTime notification={n} />}
    </Box>
  );
}
