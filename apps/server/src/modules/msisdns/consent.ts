import type { FastifyBaseLogger } from 'fastify';
import { CONSENT_REPLIES, toE164, type ConsentStatus, type SmsInboundResult } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { audit, auditMany, SYSTEM_ACTOR, type AuditActor } from '../../events/audit.ts';
import type { SmsGateway } from '../../lib/sms.ts';
import { consentRepository } from './repository.ts';

export const consentRequestText = (company: string) =>
  `${company} asks to locate this phone during working hours for work purposes. Reply YES to agree or NO to refuse. You can reply STOP at any time to end it.`;
const grantedText = (company: string) =>
  `Thank you. ${company} may now locate this phone during working hours. Reply STOP at any time to end it.`;
const revokedText = (company: string) =>
  `${company} will not locate this phone. Reply YES to a new request if you change your mind.`;

type Reply = 'grant' | 'refuse' | 'revoke';

/** The first word of the reply, case-insensitive, punctuation ignored ('Yes!' is YES). */
export function replyOf(text: string): Reply | undefined {
  const word =
    text
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^\p{L}]/gu, '')
      .toUpperCase() ?? '';
  for (const reply of ['grant', 'refuse', 'revoke'] as const) {
    if ((CONSENT_REPLIES[reply] as readonly string[]).includes(word)) return reply;
  }
  return undefined;
}

/** What a reply does to a consent: YES grants a pending request; NO refuses or withdraws; STOP revokes at any time. */
function transition(reply: Reply, current: ConsentStatus): ConsentStatus | undefined {
  if (reply === 'grant') return current === 'PENDING' ? 'GRANTED' : undefined;
  return current === 'REVOKED' ? undefined : 'REVOKED';
}

const ACTION: Record<Reply, string> = {
  grant: 'msisdn.consent.grant',
  refuse: 'msisdn.consent.refuse',
  revoke: 'msisdn.consent.revoke',
};

export interface ConsentOptions {
  db: Db;
  sms: SmsGateway;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Consent of an employee MSISDN: requests go out through the SMS gateway; only the employee's reply changes it. */
export function consentService({ db, sms, log, now = () => new Date() }: ConsentOptions) {
  /**
   * Sends the consent request to each number (after the write that made it pending has committed) and records when;
   * a number whose SMS could not be handed over keeps consentRequestedAt null, and the admin can resend.
   */
  async function sendRequests(
    targets: { id: number; msisdn: string; companyId: number | null }[],
    company: string,
    actor: AuditActor,
  ): Promise<void> {
    const sent: typeof targets = [];
    for (const target of targets) {
      try {
        await sms.send({ to: target.msisdn, text: consentRequestText(company) });
        sent.push(target);
      } catch (error) {
        log.error({ err: error, msisdnId: target.id }, 'consent request SMS could not be sent');
      }
    }
    if (sent.length === 0) return;
    const at = now();
    await db.transaction().execute(async (trx) => {
      await consentRepository(trx).markRequested(
        sent.map((t) => t.id),
        at,
      );
      await auditMany(
        trx,
        actor,
        sent.map((target) => ({
          action: 'msisdn.consent.request',
          entity: 'msisdn',
          entityId: target.id,
          companyId: target.companyId,
          detail: { channel: sms.kind },
        })),
      );
    });
  }

  /** An SMS from an employee's phone (the inbound webhook). Unknown numbers and other texts change nothing. */
  async function handleReply(from: string, text: string, requestId?: string): Promise<SmsInboundResult> {
    const msisdn = toE164(from);
    const reply = replyOf(text);
    if (!msisdn || !reply) return { handled: false, consentStatus: null };
    const outcome = await db.transaction().execute(async (trx) => {
      const repo = consentRepository(trx);
      const row = await repo.lockByNumber(msisdn);
      if (!row) return undefined;
      const next = transition(reply, row.consent_status);
      if (!next) return { row, next: undefined };
      await repo.setConsent(row.id, next, now());
      await audit(
        trx,
        { ...SYSTEM_ACTOR('sms'), requestId },
        {
          action: ACTION[reply],
          entity: 'msisdn',
          entityId: row.id,
          companyId: row.company_id,
          detail: {
            from: msisdn,
            reply: text.trim().slice(0, 40),
            previous: row.consent_status,
            consentStatus: next,
          },
        },
      );
      return { row, next };
    });
    if (!outcome) return { handled: false, consentStatus: null };
    if (!outcome.next) return { handled: false, consentStatus: outcome.row.consent_status };
    try {
      await sms.send({
        to: msisdn,
        text:
          outcome.next === 'GRANTED'
            ? grantedText(outcome.row.company_name)
            : revokedText(outcome.row.company_name),
      });
    } catch (error) {
      log.warn({ err: error }, 'consent confirmation SMS could not be sent');
    }
    return { handled: true, consentStatus: outcome.next };
  }

  return { sendRequests, handleReply };
}

export type ConsentService = ReturnType<typeof consentService>;
