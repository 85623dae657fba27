import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, NOTIFICATION_EVENT_TYPES } from '@lbs/contracts';
import { isGsm7, notificationLine, notificationMail, notificationSms, oneSegment } from './render.ts';
import { minutesText } from './texts.ts';

const data = {
  employeeName: 'Samir Haddad',
  msisdn: '+966501234567',
  poiName: 'Riyadh Depot',
  title: 'Deliver pallets',
  date: '2026-11-26',
  minutes: 7,
  number: 'INV-2026-0001',
  currency: 'SAR',
  amountMinor: 123456,
  dueOn: '2026-12-10',
};

describe('notification texts', () => {
  it('has a sentence for every event type in every language, with every value filled in', () => {
    for (const locale of LOCALE_CODES)
      for (const type of NOTIFICATION_EVENT_TYPES) {
        const line = notificationLine(locale, type, data);
        expect(line, `${locale} ${type}`).not.toMatch(/\{\{|\}\}/);
        expect(line.length, `${locale} ${type}`).toBeGreaterThan(10);
      }
    expect(notificationLine('en-US', 'INVOICE_ISSUED', data)).toBe(
      'Invoice INV-2026-0001 was issued: SAR\u00a01,234.56, due on 2026-12-10',
    );
  });

  it('writes minutes with each language’s plural forms', () => {
    expect([1, 2, 5].map((n) => minutesText('en-US', n))).toEqual(['1 minute', '2 minutes', '5 minutes']);
    expect([1, 2, 3, 11, 100].map((n) => minutesText('ar-SA', n))).toEqual([
      'دقيقة واحدة',
      'دقيقتين',
      '٣ دقائق',
      '١١ دقيقة',
      '١٠٠ دقيقة',
    ]);
    expect([0, 1, 2].map((n) => minutesText('fr-FR', n))).toEqual(['0 minute', '1 minute', '2 minutes']);
  });

  it('makes an e-mail with text and HTML parts, right to left in Arabic, escaping the data', () => {
    const input = {
      eventType: 'GEOFENCE_ENTER' as const,
      data: { ...data, poiName: '<b>Depot</b>' },
      rule: { id: 7, name: 'Arrivals' },
      url: 'https://portal.example/msisdn-details/3',
      ruleUrl: 'https://portal.example/notification-rules/7',
    };
    const ar = notificationMail('a@example.com', { ...input, locale: 'ar-SA' });
    expect(ar.html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(ar.html).toContain('&lt;b&gt;Depot&lt;/b&gt;');
    expect(ar.html).toContain('<a href="https://portal.example/notification-rules/7">');
    expect(ar.headers).toEqual({ 'List-Unsubscribe': '<https://portal.example/notification-rules/7>' });
    const en = notificationMail('a@example.com', { ...input, locale: 'en-US' });
    expect(en.html).toContain('<html lang="en-US" dir="ltr">');
    expect(en.text).toBe(
      [
        'Samir Haddad (+966501234567) arrived at <b>Depot</b>',
        '',
        'Open it in the portal: https://portal.example/msisdn-details/3',
        '',
        'You receive this because of the notification rule “Arrivals”. Change or stop it here: https://portal.example/notification-rules/7',
      ].join('\n'),
    );
  });

  it('keeps an SMS to one segment: 160 GSM-7 characters, 70 in UCS-2, and never a coordinate', () => {
    expect(['è stato', 'Ñoño ¿?', 'ú', '“quoted”', 'وصل', '已到达', '€'].map(isGsm7)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(oneSegment('a'.repeat(160))).toBe('a'.repeat(160));
    expect(oneSegment('a'.repeat(161))).toBe(`${'a'.repeat(157)}...`);
    expect(oneSegment('ب'.repeat(71))).toBe(`${'ب'.repeat(69)}…`);
    expect(oneSegment(`${'a'.repeat(69)}😀`)).toBe(`${'a'.repeat(69)}…`);
    for (const locale of LOCALE_CODES)
      for (const type of NOTIFICATION_EVENT_TYPES) {
        const sms = notificationSms({
          locale,
          eventType: type,
          data: {
            ...data,
            poiName: 'Site 24.713612, 46.675301',
            employeeName: 'A very long employee name indeed',
          },
        });
        expect(sms.length, `${locale} ${type}`).toBeLessThanOrEqual(160);
        if (!isGsm7(sms)) expect(sms.length, `${locale} ${type}: ${sms}`).toBeLessThanOrEqual(70);
        expect(sms, `${locale} ${type}`).not.toMatch(/\d\.\d{4}/);
      }
  });
});
