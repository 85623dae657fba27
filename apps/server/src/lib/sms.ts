import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
}

/**
 * The one way out for SMS. The default keeps messages in the outbox table (and the log) for a relay or a demo;
 * an operator's SMSC or HTTP gateway is another implementation of this interface.
 */
export interface SmsGateway {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

export function outboxSmsGateway(db: Db, log: FastifyBaseLogger): SmsGateway {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({ channel: 'SMS', to: message.to, subject: null, body: message.text })
        .execute();
      log.info({ to: message.to }, `SMS kept in the outbox: ${message.text}`);
    },
  };
}
