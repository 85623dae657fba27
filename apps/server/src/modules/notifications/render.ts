import { isRtl, minorToDecimal, type LocaleCode, type NotificationEventType } from '@lbs/contracts';
import type { MailMessage } from '../../messaging/index.ts';
import type { NotificationData } from '../../db/schema.ts';
import { fill, minutesText, NOTIFICATION_TEXTS } from './texts.ts';

export interface RenderInput {
  locale: LocaleCode;
  eventType: NotificationEventType;
  data: NotificationData;
  rule: { id: number; name: string };
  /** The portal page of the subject (MSISDN, POI, task, invoice). */
  url: string;
  /** The rule's page: the List-Unsubscribe target and the footer's link. */
  ruleUrl: string;
  /** A test-send of the rule: its sentence names the rule only. */
  test?: boolean;
}

const text = (v: NotificationData[string] | undefined) => (v === null || v === undefined ? '' : String(v));

/** The sentence of a notification in a language, from its type and data (no coordinates: the data holds none). */
export function notificationLine(
  locale: LocaleCode,
  eventType: NotificationEventType,
  data: NotificationData,
) {
  const amount =
    typeof data['amountMinor'] === 'number' && typeof data['currency'] === 'string'
      ? new Intl.NumberFormat(locale, { style: 'currency', currency: data['currency'] }).format(
          Number(minorToDecimal(data['amountMinor'], data['currency'])),
        )
      : '';
  return fill(NOTIFICATION_TEXTS[locale].events[eventType], {
    employee: text(data['employeeName']),
    msisdn: text(data['msisdn']),
    poi: text(data['poiName']),
    title: text(data['title']),
    date: text(data['date']),
    number: text(data['number']),
    dueOn: text(data['dueOn']),
    amount,
    minutes: typeof data['minutes'] === 'number' ? minutesText(locale, data['minutes']) : '',
    employees: typeof data['count'] === 'number' ? minutesText(locale, data['count'], 'employees') : '',
    days: typeof data['days'] === 'number' ? minutesText(locale, data['days'], 'days') : '',
    name: text(data['scheduleName']),
    from: text(data['periodStart']),
    to: text(data['periodEnd']),
  });
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A text holding one URL (`{{url}}` or `{{ruleUrl}}`) as HTML: the words escaped, the URL a link. */
export function withLink(
  template: string,
  values: Readonly<Record<string, string>>,
  key: string,
  url: string,
) {
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return escapeHtml(fill(template, { ...values, [key]: '\u0000' })).replace('\u0000', link);
}

/**
 * A notification e-mail (immediate or digest): the text part, and the HTML part of the given body paragraphs (right to
 * left in Arabic), both ending with why the recipient receives it; List-Unsubscribe opens the rule.
 */
export function ruleMail(
  to: string,
  input: { locale: LocaleCode; rule: { name: string }; ruleUrl: string },
  content: { subject: string; text: string[]; html: string[] },
): MailMessage {
  const t = NOTIFICATION_TEXTS[input.locale];
  const dir = isRtl(input.locale) ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${input.locale}" dir="${dir}">`,
    '<head><meta charset="utf-8"></head>',
    `<body dir="${dir}" style="font-family: sans-serif">`,
    ...content.html,
    `<p style="color: #666">${withLink(t.why, { rule: input.rule.name }, 'ruleUrl', input.ruleUrl)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return {
    to,
    subject: content.subject,
    text: [...content.text, '', fill(t.why, { rule: input.rule.name, ruleUrl: input.ruleUrl })].join('\n'),
    html,
    locale: input.locale,
    headers: { 'List-Unsubscribe': `<${input.ruleUrl}>` },
  };
}

/** The e-mail of a notification: subject, text and HTML parts (right to left in Arabic), List-Unsubscribe. */
export function notificationMail(to: string, input: RenderInput): MailMessage {
  const t = NOTIFICATION_TEXTS[input.locale];
  const line = input.test
    ? fill(t.test, { rule: input.rule.name })
    : notificationLine(input.locale, input.eventType, input.data);
  return ruleMail(to, input, {
    subject: line,
    text: [line, '', fill(t.open, { url: input.url })],
    html: [`<p><strong>${escapeHtml(line)}</strong></p>`, `<p>${withLink(t.open, {}, 'url', input.url)}</p>`],
  });
}

/** Whether every character is in the GSM 03.38 basic set (one SMS segment holds 160 of them, else 70 in UCS-2). */
const GSM_7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/** Decimal numbers with four or more decimals, as coordinates are written: never in an SMS. */
const COORDINATE_LIKE = /-?\d{1,3}\.\d{4,}/g;

/** The text without anything written like a coordinate (and the double spaces that leaves). */
export const withoutCoordinates = (text: string) => text.replace(COORDINATE_LIKE, '').replace(/ {2,}/g, ' ');

/**
 * The SMS of a notification: its sentence in one segment — 160 GSM-7 characters, or 70 when it needs UCS-2
 * (Arabic, Chinese, curly quotes) — cut with an ellipsis when longer, and never a coordinate (a POI named after its
 * position loses those digits).
 */
export function notificationSms(input: Pick<RenderInput, 'locale' | 'eventType' | 'data'>): string {
  return oneSegment(withoutCoordinates(notificationLine(input.locale, input.eventType, input.data)));
}

/** The text cut to one segment (UCS-2 counts UTF-16 units: a character outside the BMP takes two). */
export const isGsm7 = (text: string) => GSM_7.test(text);

export function oneSegment(textIn: string): string {
  const gsm = isGsm7(textIn);
  const limit = gsm ? 160 : 70;
  if (textIn.length <= limit) return textIn;
  // The ellipsis character is not GSM-7: a GSM text is cut with three dots.
  const ellipsis = gsm ? '...' : '…';
  let out = '';
  for (const c of textIn) {
    if (out.length + c.length + ellipsis.length > limit) break;
    out += c;
  }
  return out.trimEnd() + ellipsis;
}
