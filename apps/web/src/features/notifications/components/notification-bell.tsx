import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@lbs/contracts';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { latestNotificationsQueryOptions, useMarkNotificationRead } from '../api/notifications.ts';
import { useInboxPush } from '../api/inbox-push.ts';
import { unreadCountQueryOptions } from '../api/unread-count.ts';
import { notificationLinks } from '../model/notification-text.ts';
import { NotificationSummary } from './notification-summary.tsx';

const MENU_ID = 'notification-menu';

/** The newest notifications; choosing one marks it read and opens its subject (or the inbox). */
function LatestMenu({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  const latest = useQuery(latestNotificationsQueryOptions());
  const markRead = useMarkNotificationRead();
  const inbox = pathFor('notifications');
  const open = (n: Notification) => {
    onClose();
    if (n.readAt === null) markRead.mutate(n.id);
    void navigate(notificationLinks(n, role)[0]?.path ?? inbox);
  };
  const items = latest.data?.items ?? [];
  return (
    <Menu
      id={MENU_ID}
      anchorEl={anchor}
      open
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        list: { 'aria-label': t('notifications.bell.menu') },
        paper: { sx: { width: 360, maxWidth: '95vw' } },
      }}
    >
      {latest.isSuccess && items.length === 0 && (
        <MenuItem disabled>
          <Typography variant="body2">{t('notifications.bell.empty')}</Typography>
        </MenuItem>
      )}
      {items.map((n) => (
        <MenuItem
          key={n.id}
          onClick={() => open(n)}
          sx={{ alignItems: 'flex-start', whiteSpace: 'normal', gap: 1 }}
        >
          <Box
            aria-hidden
            sx={{
              mt: 1,
              width: 8,
              height: 8,
              flexShrink: 0,
              borderRadius: '50%',
              bgcolor: n.readAt === null ? 'primary.main' : 'transparent',
            }}
          />
          <NotificationSummary notification={n} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={RouterLink} to={inbox} onClick={onClose} sx={{ justifyContent: 'center' }}>
        <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
          {t('notifications.bell.openInbox')}
        </Typography>
      </MenuItem>
    </Menu>
  );
}

/**
 * The bell in the top bar (issue 15): the number of unread notifications — asked again at once when the inbox
 * stream pushes (useInboxPush), when the window gets focus, and slowly on a timer — opening the newest ones and the
 * way to the inbox.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useQuery(unreadCountQueryOptions());
  useInboxPush();
  const count = unread.data ?? 0;
  const label = count > 0 ? t('notifications.bell.unread', { count }) : t('notifications.bell.label');
  return (
    <>
      <DeferredTooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? MENU_ID : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* The number is in the button's name already; an empty badge holds no stale digit for it to contradict. */}
          <Badge
            badgeContent={count > 0 ? count : undefined}
            max={99}
            color="error"
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
      </DeferredTooltip>
      {anchor && <LatestMenu anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
