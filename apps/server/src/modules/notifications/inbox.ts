import type { Notification, NotificationListQuery, NotificationPage } from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { notificationsRepository, type DeliveryRow } from './repository.ts';
import { notifyInbox } from './stream.ts';

export function toNotification(r: DeliveryRow): Notification {
  return {
    id: r.id,
    eventType: r.event_type,
    ruleId: r.rule_id,
    msisdnId: r.msisdn_id,
    subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id } : null,
    data: r.data,
    occurredAt: iso(r.occurred_at),
    createdAt: iso(r.created_at),
    readAt: isoOrNull(r.read_at),
  };
}

/**
 * The in-app inbox: the caller's own delivered notifications, whoever else's scope they were in. What the caller
 * was not allowed to learn was never delivered to it (the delivery engine checks each recipient's scope).
 */
export function inboxService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = notificationsRepository(db);
  return {
    async list(caller: Caller, query: NotificationListQuery): Promise<NotificationPage> {
      authorize(caller, 'notification', 'list');
      const { rows, total } = await repo.inbox(caller.user.id, query);
      return { items: rows.map(toNotification), total, page: query.page, size: query.size };
    },

    async unreadCount(caller: Caller): Promise<{ count: number }> {
      authorize(caller, 'notification', 'list');
      return { count: await repo.unreadCount(caller.user.id) };
    },

    async read(caller: Caller, id: number): Promise<Notification> {
      authorize(caller, 'notification', 'read');
      const row = await repo.markRead(caller.user.id, id, now());
      if (!row) throw notFound('The notification');
      await notifyInbox(db, [caller.user.id]); // the user's other tabs
      return toNotification(row);
    },

    async readAll(caller: Caller): Promise<{ updated: number }> {
      authorize(caller, 'notification', 'read');
      const updated = await repo.markAllRead(caller.user.id, now());
      if (updated) await notifyInbox(db, [caller.user.id]);
      return { updated };
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
