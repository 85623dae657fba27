import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType, type NotificationRule } from '@lbs/contracts';
import { CellText } from '../../../components/cell-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SelectFilter } from '../../../components/list-filters.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ServerDataGrid, useUrlFilter } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { notificationRulesQueryOptions, useDeleteNotificationRule } from '../api/notification-rules.ts';

const STATUSES = ['true', 'false'] as const;

/**
 * /notification-rules (issue 15, every role): the rules of the caller's tier, a page at a time from the server — their
 * events, channels, recipients and state; add, open and delete as the server's abilities allow.
 */
export function RuleListPage() {
  const { t, i18n } = useTranslation();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const notify = useNotify();
  const remove = useDeleteNotificationRule();
  const [eventType, setEventType] = useUrlFilter('eventType');
  const [active, setActive] = useUrlFilter('active');
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);

  const columns = useMemo<GridColDef<NotificationRule>[]>(() => {
    // "Email and In portal" in the interface's language ("داخل البوابة والبريد الإلكتروني", not a Latin comma).
    const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
    return [
      {
        field: 'name',
        headerName: t('notificationRules.column.name'),
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          // A long name takes two lines in its own direction (in Arabic a Latin name lost its beginning).
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <CellText>
              <Link component={RouterLink} to={pathFor('notificationRuleEdit', { id: row.id })}>
                {row.name}
              </Link>
            </CellText>
            {row.defaultKey && (
              <Chip
                size="small"
                variant="outlined"
                label={t('notificationRules.defaultRule')}
                sx={{ flexShrink: 0 }}
              />
            )}
          </Stack>
        ),
      },
      ...(role === 'SuperAdmin'
        ? [
            {
              field: 'company',
              headerName: t('notificationRules.column.company'),
              flex: 1,
              minWidth: 150,
              sortable: false,
              valueGetter: (_value: unknown, row: NotificationRule) => row.company.name,
            } satisfies GridColDef<NotificationRule>,
          ]
        : []),
      {
        field: 'eventTypes',
        headerName: t('notificationRules.column.events'),
        flex: 1.5,
        minWidth: 220,
        sortable: false,
        valueGetter: (_value, row) => list.format(row.eventTypes.map((e) => t(`notifications.event.${e}`))),
      },
      {
        field: 'channels',
        headerName: t('notificationRules.column.channels'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) =>
          list.format(row.channels.map((c) => t(`notificationRules.channel.${c}`))),
      },
      {
        field: 'recipients',
        headerName: t('notificationRules.column.recipients'),
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) =>
          list.format([
            ...row.recipients.roles.map((r) => t(`role.${r}`)),
            ...row.recipients.users.map((u) => u.fullName),
          ]),
      },
      {
        field: 'active',
        headerName: t('notificationRules.column.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.active ? 'success' : 'default'}
            variant={row.active ? 'filled' : 'outlined'}
            label={row.active ? t('notificationRules.status.active') : t('notificationRules.status.paused')}
          />
        ),
      },
      {
        field: 'actions',
        headerName: t('notificationRules.column.actions'),
        width: 100,
        sortable: false,
        renderCell: ({ row }) =>
          row.abilities.delete && (
            <Tooltip title={t('notificationRules.action.delete')}>
              <IconButton
                size="small"
                aria-label={t('notificationRules.action.delete')}
                onClick={() => setDeleting(row)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ];
  }, [t, i18n.language, role]);
  const title = t('route.notificationRuleList');
  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('sidebar.notifications') }]}
      actions={
        allowed('notificationRule', 'create') && (
          <Button
            component={RouterLink}
            to={pathFor('notificationRuleAdd')}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('notificationRules.action.add')}
          </Button>
        )
      }
    >
      <ServerDataGrid<NotificationRule>
        label={title}
        query={notificationRulesQueryOptions}
        columns={columns}
        defaultSort="name"
        filters={{ eventType, active }}
        toolbar={
          <>
            <SelectFilter
              label={t('notificationRules.filter.event')}
              value={eventType as NotificationEventType | undefined}
              onChange={setEventType}
              options={NOTIFICATION_EVENT_TYPES}
              optionLabel={(e) => t(`notifications.event.${e}`)}
              anyLabel={t('notificationRules.filter.all')}
              minWidth={200}
            />
            <SelectFilter
              label={t('notificationRules.filter.status')}
              value={active as (typeof STATUSES)[number] | undefined}
              onChange={setActive}
              options={STATUSES}
              optionLabel={(s) =>
                s === 'true' ? t('notificationRules.status.active') : t('notificationRules.status.paused')
              }
              anyLabel={t('notificationRules.filter.all')}
              minWidth={140}
            />
          </>
        }
      />
      {deleting && (
        <ConfirmDialog
          open
          title={t('notificationRules.action.delete')}
          message={t('notificationRules.deleteConfirm', { name: deleting.name })}
          confirmLabel={t('notificationRules.action.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync(deleting.id);
            notify(t('notificationRules.deleted'));
          }}
        />
      )}
    </PageFrame>
  );
}
