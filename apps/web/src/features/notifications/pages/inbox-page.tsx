import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAllOutlinedIcon from '@mui/icons-material/DoneAllOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@lbs/contracts';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { NotificationTime } from '../components/notification-time.tsx';
import {
  notificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/notifications.ts';
import { unreadCountQueryOptions } from '../api/unread-count.ts';
import {
  notificationLinks,
  notificationText,
  notificationTitle,
  wholeName,
} from '../model/notification-text.ts';

/**
 * /notifications (issue 15, every role): the caller's in-app notifications, newest first, a page at a time from the
 * server — unread ones first in weight, each with its event, sentence, time and the pages it is about; mark one or
 * all read.
 */
export function InboxPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { role } = useCurrentUser();
  const notify = useNotify();
  const [unreadOnly, setUnreadOnly] = useUrlFilter('unread');
  const unread = useQuery(unreadCountQueryOptions());
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const columns = useMemo<GridColDef<Notification>[]>(
    () => [
      {
        field: 'status',
        headerName: t('notifications.column.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            <Chip
              size="small"
              color={row.readAt === null ? 'primary' : 'default'}
              variant={row.readAt === null ? 'filled' : 'outlined'}
              label={row.readAt === null ? t('notifications.unread') : t('notifications.read')}
            />
            {row.readAt === null && (
              <Tooltip title={t('notifications.action.markRead')}>
                <IconButton
                  size="small"
                  aria-label={t('notifications.action.markRead')}
                  disabled={markRead.isPending}
                  onClick={() =>
                    markRead.mutate(row.id, {
                      onError: (error) => notify(t(messageKeyFor(error)), 'error'),
                    })
                  }
                >
                  <MarkEmailReadOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ),
      },
      {
        field: 'eventType',
        headerName: t('notifications.column.event'),
        width: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography
            variant="body2"
            sx={{ fontWeight: row.readAt === null ? 700 : 400, whiteSpace: 'normal' }}
          >
            {notificationTitle(t, row)}
          </Typography>
        ),
      },
      {
        field: 'message',
        headerName: t('notifications.column.message'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        valueGetter: (_value, row) => notificationText(t, locale, row),
        renderCell: ({ value }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', py: 1 }}>
            {String(value)}
          </Typography>
        ),
      },
      {
        field: 'subject',
        headerName: t('notifications.column.subject'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack spacing={0.25} sx={{ py: 1 }}>
            {notificationLinks(row, role).map((link) => (
              <Link
                key={link.kind}
                component={RouterLink}
                to={link.path}
                variant="body2"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {link.name
                  ? `${t(`notifications.link.${link.kind}`)}: ${wholeName(locale, link.name)}`
                  : t(`notifications.link.${link.kind}`)}
              </Link>
            ))}
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('notifications.column.time'),
        width: 180,
        // Listed by arrival; the cell says when the event happened, and when it arrived if that was much later.
        renderCell: ({ row }) => <NotificationTime notification={row} />,
      },
    ],
    [t, locale, role, markRead, notify],
  );
  const title = t('route.notifications');
  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('sidebar.notifications') }]}
      actions={
        <Button
          variant="outlined"
          startIcon={<DoneAllOutlinedIcon />}
          disabled={(unread.data ?? 0) === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: () => notify(t('notifications.allMarkedRead')),
              onError: (error) => notify(t(messageKeyFor(error)), 'error'),
            })
          }
        >
          {t('notifications.action.markAllRead')}
        </Button>
      }
    >
      <ServerDataGrid<Notification>
        label={title}
        query={notificationsQueryOptions}
        columns={columns}
        defaultSort="-createdAt"
        searchable={false}
        filters={{ unread: unreadOnly === 'true' ? true : undefined }}
        toolbar={
          <FormControlLabel
            control={
              <Switch
                checked={unreadOnly === 'true'}
                onChange={(e) => setUnreadOnly(e.target.checked ? 'true' : undefined)}
              />
            }
            label={t('notifications.filter.unreadOnly')}
          />
        }
        gridProps={{ getRowHeight: () => 'auto' }}
      />
    </PageFrame>
  );
}
