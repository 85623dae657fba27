import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INBOX_STREAM_EVENTS } from '@lbs/contracts';
import { openEventStream } from '../../../lib/api/event-stream.ts';
import { refreshNotifications } from '../../../shared-api/notifications/keys.ts';

/**
 * GET /notifications/stream while the bell is shown: each `notification` event (a new one in the inbox, or some
 * read in another tab) makes the bell and any open list ask again. The stream reconnects by itself; a reconnect asks
 * again too, since pushes sent while it was down are lost.
 */
export function useInboxPush(): void {
  const client = useQueryClient();
  useEffect(() => {
    let opened = false;
    const stream = openEventStream('/notifications/stream', {
      onEvent: (event) => {
        if (event.event === INBOX_STREAM_EVENTS.notification) void refreshNotifications(client);
      },
      onStatus: (status) => {
        if (status.state !== 'open') return;
        if (opened) void refreshNotifications(client);
        opened = true;
      },
    });
    return () => stream.close();
  }, [client]);
}
