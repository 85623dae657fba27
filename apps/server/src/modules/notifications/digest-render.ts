import type { LocaleCode, NotificationEventType } from '@lbs/contracts';
import type { MailMessage } from '../../messaging/index.ts';
import type { NotificationData } from '../../db/schema.ts';
import { DIGEST_TEXTS } from './digest-texts.ts';
import {
  escapeHtml,
  notificationLine,
  oneSegment,
  ruleMail,
  withLink,
  withoutCoordinates,
} from './render.ts';
import { fill, pluralText } from './texts.ts';

/** A digest e-mail lists this many notifications at most; the rest are counted ("… and N more") and in the inbox. */
export const DIGEST_MAIL_MAX_ITEMS = 50;

export interface DigestRenderInput {
  locale: LocaleCode;
  /** The company's time zone: the times of the list and the period are written in it. */
  timeZone: string;
  digest: 'HOURLY' | 'DAILY';
  period: { start: Date; end: Date };
  rule: { id: number; name: string };
  /** The notifications, oldest first. */
  items: readonly { eventType: NotificationEventType; data: NotificationData; occurredAt: Date }[];
  /** The inbox page (/notifications). */
  inboxUrl: string;
  /** The rule's page: the List-Unsubscribe target and the footer's link. */
  ruleUrl: string;
}

/** The period in the language: the hour as a range, the day as a date (both in the company's time zone). */
function periodText(input: DigestRenderInput): string {
  const { locale, timeZone, period } = input;
  if (input.digest === 'DAILY')
    return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full' }).format(period.start);
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).formatRange(
    period.start,
    period.end,
  );
}

/** Each listed notification as "time — sentence", and the "… and N more" line when the list is cut. */
function listLines(input: DigestRenderInput): { lines: string[]; more: string | undefined } {
  const time = new Intl.DateTimeFormat(input.locale, {
    timeZone: input.timeZone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const lines = input.items
    .slice(0, DIGEST_MAIL_MAX_ITEMS)
    .map((i) => `${time.format(i.occurredAt)} — ${notificationLine(input.locale, i.eventType, i.data)}`);
  const rest = input.items.length - lines.length;
  return {
    lines,
    more: rest > 0 ? pluralText(input.locale, DIGEST_TEXTS[input.locale].more, rest) : undefined,
  };
}

/**
 * The digest e-mail of a rule's notifications over a period: "N notifications from the rule X" with its plural form,
 * the period, the list with each time in the company's time zone, a link to the inbox; HTML and text parts, right to
 * left in Arabic, with the rule's List-Unsubscribe like the immediate e-mail.
 */
export function digestMail(to: string, input: DigestRenderInput): MailMessage {
  const t = DIGEST_TEXTS[input.locale];
  const heading = pluralText(input.locale, t.count, input.items.length, { rule: input.rule.name });
  const period = fill(t.period, { range: periodText(input) });
  const { lines, more } = listLines(input);
  const listed = more ? [...lines, more] : lines;
  return ruleMail(to, input, {
    subject: heading,
    text: [heading, period, '', ...listed, '', fill(t.open, { url: input.inboxUrl })],
    html: [
      `<p><strong>${escapeHtml(heading)}</strong><br>${escapeHtml(period)}</p>`,
      '<ul>',
      ...lines.map((l) => `<li>${escapeHtml(l)}</li>`),
      '</ul>',
      ...(more ? [`<p>${escapeHtml(more)}</p>`] : []),
      `<p>${withLink(t.open, {}, 'url', input.inboxUrl)}</p>`,
    ],
  });
}

/**
 * The digest SMS: "N new notifications from the rule X" in one segment (160 GSM-7 characters, 70 in UCS-2), the
 * rule's name cut when it is long — and never a coordinate, even in a rule's name.
 */
export function digestSms(input: Pick<DigestRenderInput, 'locale' | 'rule'> & { count: number }): string {
  const text = pluralText(input.locale, DIGEST_TEXTS[input.locale].sms, input.count, {
    rule: input.rule.name,
  });
  return oneSegment(withoutCoordinates(text));
}
