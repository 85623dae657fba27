import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@lbs/contracts';
import { DIGEST_MAIL_MAX_ITEMS, digestMail, digestSms, type DigestRenderInput } from './digest-render.ts';
import { isGsm7 } from './render.ts';

const at = (iso: string) => new Date(iso);
const item = (iso: string, employeeName = 'Samir Haddad') => ({
  eventType: 'GEOFENCE_ENTER' as const,
  data: { employeeName, msisdn: '+966501234567', poiName: 'Riyadh Depot' },
  occurredAt: at(iso),
});
const input = (overrides: Partial<DigestRenderInput> = {}): DigestRenderInput => ({
  locale: 'en-US',
  timeZone: 'Asia/Riyadh',
  digest: 'HOURLY',
  period: { start: at('2026-11-26T07:00:00Z'), end: at('2026-11-26T08:00:00Z') },
  rule: { id: 7, name: 'Arrivals' },
  items: [item('2026-11-26T07:05:00Z'), item('2026-11-26T07:40:00Z', 'Lina <Saleh>')],
  inboxUrl: 'https://portal.example/notifications',
  ruleUrl: 'https://portal.example/notification-rules/7',
  ...overrides,
});

describe('digest e-mail', () => {
  it('lists the notifications with their times in the company’s time zone, links the inbox and the rule, in text and HTML', () => {
    const mail = digestMail('a@example.com', input());
    expect(mail.subject).toBe('2 notifications from the rule “Arrivals”');
    // ICU writes the range with thin and narrow no-break spaces.
    expect(mail.text.replace(/[\u2009\u202f]/g, ' ')).toBe(
      [
        '2 notifications from the rule “Arrivals”',
        'Period: Nov 26, 2026, 10:00 – 11:00 AM',
        '',
        'Nov 26, 10:05 AM — Samir Haddad (+966501234567) arrived at Riyadh Depot',
        'Nov 26, 10:40 AM — Lina <Saleh> (+966501234567) arrived at Riyadh Depot',
        '',
        'See them all in the portal: https://portal.example/notifications',
        '',
        'You receive this because of the notification rule “Arrivals”. Change or stop it here: https://portal.example/notification-rules/7',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="en-US" dir="ltr">');
    expect(mail.html).toContain(
      '<li>Nov 26, 10:40 AM — Lina &lt;Saleh&gt; (+966501234567) arrived at Riyadh Depot</li>',
    );
    expect(mail.html).toContain('<a href="https://portal.example/notifications">');
    expect(mail.html).toContain('<a href="https://portal.example/notification-rules/7">');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://portal.example/notification-rules/7>' });
    expect(mail.locale).toBe('en-US');
  });

  it('names the day of a daily digest in the company’s time zone', () => {
    const daily = digestMail(
      'a@example.com',
      input({
        digest: 'DAILY',
        period: { start: at('2026-11-25T21:00:00Z'), end: at('2026-11-26T21:00:00Z') },
        items: [item('2026-11-26T20:30:00Z')],
      }),
    );
    expect(daily.subject).toBe('1 notification from the rule “Arrivals”');
    expect(daily.text).toContain('Period: Thursday, November 26, 2026\n');
    expect(daily.text).toContain('Nov 26, 11:30 PM — Samir Haddad');
  });

  it('lists at most the first fifty and counts the rest', () => {
    const items = Array.from({ length: DIGEST_MAIL_MAX_ITEMS + 3 }, (_, i) =>
      item(new Date(Date.parse('2026-11-26T07:00:00Z') + i * 60_000).toISOString()),
    );
    const mail = digestMail('a@example.com', input({ items }));
    expect(mail.subject).toBe('53 notifications from the rule “Arrivals”');
    expect(mail.html!.match(/<li>/g)).toHaveLength(DIGEST_MAIL_MAX_ITEMS);
    expect(mail.text).toContain('\n… and 3 more\n');
    const fr = digestMail(
      'a@example.com',
      input({ items: items.slice(0, DIGEST_MAIL_MAX_ITEMS + 1), locale: 'fr-FR' }),
    );
    expect(fr.text).toContain('\n… et 1 autre\n');
  });

  it('is right to left in Arabic, with the six plural forms of the count', () => {
    const ar = (n: number) =>
      digestMail(
        'a@example.com',
        input({ locale: 'ar-SA', items: Array.from({ length: n }, () => item('2026-11-26T07:05:00Z')) }),
      );
    const five = ar(5);
    expect(five.html).toContain('<html lang="ar-SA" dir="rtl">');
    expect(five.html).toContain('<body dir="rtl"');
    expect([1, 2, 5, 11, 100].map((n) => ar(n).subject)).toEqual([
      'إشعار واحد من القاعدة «Arrivals»',
      'إشعاران من القاعدة «Arrivals»',
      '٥ إشعارات من القاعدة «Arrivals»',
      '١١ إشعارًا من القاعدة «Arrivals»',
      '١٠٠ إشعار من القاعدة «Arrivals»',
    ]);
    expect(five.text).toContain('تصلك هذه الرسالة بسبب قاعدة الإشعارات «Arrivals»');
  });

  it('has every text in every language, with nothing left unfilled', () => {
    for (const locale of LOCALE_CODES)
      for (const n of [1, 2, 3, 11, 60]) {
        const mail = digestMail(
          'a@example.com',
          input({ locale, items: Array.from({ length: n }, () => item('2026-11-26T07:05:00Z')) }),
        );
        for (const part of [mail.subject, mail.text, mail.html])
          expect(part, `${locale} ${n}`).not.toMatch(/\{\{|\}\}/);
        expect(mail.text, `${locale} ${n}`).toContain('https://portal.example/notifications');
      }
  });
});

describe('digest SMS', () => {
  it('says how many in one segment, in every language, and never a coordinate — even in a rule’s name', () => {
    const rule = { id: 7, name: 'Arrivals at the depot 24.713612, 46.675301 and the long road north of it' };
    for (const locale of LOCALE_CODES)
      for (const count of [1, 2, 5, 11, 100, 1_000_000]) {
        const sms = digestSms({ locale, rule, count });
        expect(sms.length, `${locale} ${count}`).toBeLessThanOrEqual(isGsm7(sms) ? 160 : 70);
        expect(sms, `${locale} ${count}`).not.toMatch(/\d\.\d{4}/);
        expect(sms, `${locale} ${count}`).not.toMatch(/\{\{|\}\}/);
      }
    expect(digestSms({ locale: 'en-US', rule: { id: 7, name: 'Arrivals' }, count: 5 })).toBe(
      '5 new notifications from the rule "Arrivals"',
    );
    expect(isGsm7(digestSms({ locale: 'it-IT', rule: { id: 7, name: 'Arrivi' }, count: 1 }))).toBe(true);
    expect(digestSms({ locale: 'ar-SA', rule: { id: 7, name: 'الوصول' }, count: 2 })).toBe(
      'إشعاران جديدان من القاعدة «الوصول»',
    );
  });
});
