import {
  CONSENT_REPLIES,
  toE164,
  type ConsentStatus,
  type SmsInboundResult,
  type TrackingWindow,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { audit, auditMany, SYSTEM_ACTOR, type AuditActor } from '../../events/audit.ts';
import { emitConsentGranted, emitConsentRevoked } from '../../events/emit.ts';
import { queueSms } from '../../messaging/queue.ts';
import { consentRepository } from './repository.ts';

export const consentRequestText = (company: string) =>
  `${company} asks to locate this phone during working hours for work purposes. Reply YES to agree or NO to refuse. You can reply STOP at any time to end it.`;
const grantedText = (company: string) =>
  `Thank you. ${company} may now locate this phone during working hours. Reply STOP at any time to end it.`;
const revokedText = (company: string) =>
  `${company} will not locate this phone. Reply YES to a new request if you change your mind.`;

const trackingOffText = (company: string) =>
  `${company} has switched off locating of this phone. Your consent stays on record; reply STOP to withdraw it.`;
const trackingOnText = (company: string) =>
  `${company} locates this phone again during working hours. Reply STOP at any time to end it.`;

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The window's days and hours in plain GSM-7 text: "Mon-Fri 08:00-18:00", "Mon, Wed 09:00-17:00", "every day". */
export function windowText(window: TrackingWindow): string {
  const days = [...window.days].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j++;
    const from = DAY_NAMES[days[i]! - 1]!;
    const to = DAY_NAMES[days[j]! - 1]!;
    runs.push(j - i >= 2 ? `${from}-${to}` : j > i ? `${from}, ${to}` : from);
    i = j + 1;
  }
  const when = days.length === 7 ? 'every day' : runs.join(', ');
  const allDay = window.start === window.end;
  return allDay ? `${when}, all day` : `${when} ${window.start}-${window.end}`;
}

/** The periodic reminder to an employee whose consent is GRANTED: who locates the phone, when, and how to stop. */
export const reminderText = (company: string, window: TrackingWindow) =>
  `Reminder: ${company} locates this work phone ${windowText(window)} for work purposes. Reply STOP to end it.`;

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
  now?: () => Date;
}

/**
 * Consent of an employee MSISDN: requests and confirmations are SMS queued in the transaction that decides them (the
 * relay sends them); only the employee's reply changes consent, and each change is a domain event.
 */
export function consentService({ db, now = () => new Date() }: ConsentOptions) {
  /**
   * Queues the consent request SMS to each number and records when, in the caller's transaction (the one that made
   * the numbers pending): the requests leave exactly when that commits.
   */
  async function requestConsent(
    trx: Executor,
    targets: { id: number; msisdn: string; companyId: number | null }[],
    company: string,
    actor: AuditActor,
  ): Promise<void> {
    if (targets.length === 0) return;
    for (const target of targets)
      await queueSms(trx, {
        to: target.msisdn,
        text: consentRequestText(company),
        companyId: target.companyId,
      });
    await consentRepository(trx).markRequested(
      targets.map((t) => t.id),
      now(),
    );
    await auditMany(
      trx,
      actor,
      targets.map((target) => ({
        action: 'msisdn.consent.request',
        entity: 'msisdn',
        entityId: target.id,
        companyId: target.companyId,
        detail: { channel: 'SMS' },
      })),
    );
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
      const at = now();
      await repo.setConsent(row.id, next, at);
      const subject = { id: row.id, msisdn, companyId: row.company_id };
      if (next === 'GRANTED') await emitConsentGranted(trx, subject, { via: 'SMS', previous: 'PENDING', at });
      else
        await emitConsentRevoked(trx, subject, {
          via: 'SMS',
          previous: row.consent_status as 'PENDING' | 'GRANTED',
          at,
        });
      await queueSms(trx, {
        to: msisdn,
        text: next === 'GRANTED' ? grantedText(row.company_name) : revokedText(row.company_name),
        companyId: row.company_id,
      });
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
    return { handled: true, consentStatus: outcome.next };
  }

  /**
   * The receipt to an employee whose consent is GRANTED when an admin switches locating off (or on again), queued in
   * the transaction of the change.
   */
  async function trackingReceipt(
    trx: Executor,
    target: { msisdn: string; consentStatus: ConsentStatus; companyId: number },
    company: string,
    enabled: boolean,
  ): Promise<void> {
    if (target.consentStatus !== 'GRANTED') return;
    await queueSms(trx, {
      to: target.msisdn,
      text: enabled ? trackingOnText(company) : trackingOffText(company),
      companyId: target.companyId,
    });
  }

  return { requestConsent, handleReply, trackingReceipt };
}

export type ConsentService = ReturnType<typeof consentService>;
