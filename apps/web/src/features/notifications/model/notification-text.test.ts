import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@lbs/contracts';
import { i18n, initI18n, loadAreas, switchLanguage } from '../../../i18n/index.ts';
import { notificationLinks, notificationText, notificationTitle } from './notification-text.ts';

const base: Notification = {
  id: 1,
  eventType: 'ATTENDANCE_LATE',
  ruleId: null,
  msisdnId: 40,
  subject: { type: 'shift', id: '3' },
  data: { msisdn: '+966501234567', employeeName: null, date: '2026-11-23', minutes: 2 },
  occurredAt: '2026-11-23T09:00:00.000Z',
  createdAt: '2026-11-23T09:00:00.000Z',
  readAt: null,
};

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['notifications']);
});

describe('notificationText', () => {
  it('fills the sentence from the data: the MSISDN stands in for a missing name, minutes in plural form', () => {
    expect(notificationText(i18n.t, 'en-US', base)).toBe(
      '+966501234567 (+966501234567) was late on Nov 23, 2026 by 2 minutes',
    );
  });

  it('shows a dash for a value the server did not send, never a placeholder', () => {
    expect(notificationText(i18n.t, 'en-US', { ...base, eventType: 'TASK_OVERDUE', data: {} })).toBe(
      'Task “—” is overdue',
    );
  });

  it('counts unanswered consent requests and links to the filtered MSISDN list', async () => {
    const n: Notification = {
      ...base,
      eventType: 'CONSENT_PENDING_EXPIRED',
      msisdnId: null,
      subject: { type: 'company', id: '1' },
      data: { count: 3, days: 14 },
    };
    expect(notificationText(i18n.t, 'en-US', n)).toBe(
      'Consent pending for over 14 days: 3 employees without an answer',
    );
    expect(notificationLinks(n, 'ZoneAdmin')).toEqual([
      {
        kind: 'pendingConsent',
        path: '/msisdn/list?consentStatus=PENDING&pendingExpired=true',
        name: undefined,
      },
    ]);
    await switchLanguage('ar-SA');
    try {
      expect(notificationText(i18n.t, 'ar-SA', { ...n, data: { count: 2, days: 14 } })).toContain('موظفان');
    } finally {
      await switchLanguage('en-US');
    }
  });

  it('writes Arabic with its own plural of minutes', async () => {
    await switchLanguage('ar-SA');
    try {
      expect(
        notificationText(i18n.t, 'ar-SA', {
          ...base,
          eventType: 'VISIT_CLOSED',
          data: { poiName: 'المول', minutes: 2 },
        }),
      ).toContain('لمدة دقيقتين');
    } finally {
      await switchLanguage('en-US');
    }
  });
  it('keeps each name on one line in Arabic, and leaves English to wrap between words', async () => {
    const arrival: Notification = {
      ...base,
      eventType: 'GEOFENCE_ENTER',
      data: { employeeName: 'Hassan Bianchi', msisdn: '+966501427626', poiName: 'Riyadh depot campus' },
    };
    expect(notificationText(i18n.t, 'en-US', arrival)).toContain('Hassan Bianchi');
    expect(notificationText(i18n.t, 'en-US', arrival)).toContain('Riyadh depot campus');
    await switchLanguage('ar-SA');
    try {
      const sentence = notificationText(i18n.t, 'ar-SA', arrival);
      expect(sentence).toContain('Hassan\u00a0Bianchi');
      expect(sentence).toContain('Riyadh\u00a0depot\u00a0campus');
      // The sentence's own words still break where Arabic breaks them.
      expect(sentence).toMatch(/^وصل /);
    } finally {
      await switchLanguage('en-US');
    }
  });
});

describe('notificationLinks', () => {
  it('links the MSISDN and the attendance sheet of a late arrival', () => {
    expect(notificationLinks(base, 'DepartmentAdmin')).toEqual([
      { kind: 'msisdn', path: '/msisdn-details/40', name: '+966501234567' },
      { kind: 'attendance', path: '/attendance/list', name: undefined },
    ]);
  });

  it('opens an invoice where the role may: billing details for a CompanyAdmin, the operator’s for a SuperAdmin', () => {
    const n: Notification = {
      ...base,
      eventType: 'INVOICE_OVERDUE',
      msisdnId: null,
      subject: { type: 'invoice', id: '12' },
      data: { number: 'INV-12' },
    };
    expect(notificationLinks(n, 'CompanyAdmin')).toEqual([
      { kind: 'invoice', path: '/billing-details/12', name: 'INV-12' },
    ]);
    expect(notificationLinks(n, 'SuperAdmin')).toEqual([
      { kind: 'invoice', path: '/operator/invoice-details/12', name: 'INV-12' },
    ]);
    // A ZoneAdmin opens no invoice page: no link rather than a forbidden one.
    expect(notificationLinks(n, 'ZoneAdmin')).toEqual([]);
  });

  it('links a task and its POI from the data', () => {
    const n: Notification = {
      ...base,
      eventType: 'TASK_COMPLETED',
      msisdnId: null,
      subject: { type: 'task', id: '5' },
      data: { taskId: 5, title: 'Inspection', poiId: 9, poiName: 'City Mall' },
    };
    expect(notificationLinks(n, 'ZoneAdmin').map((l) => l.path)).toEqual([
      '/poi-edit/9',
      '/task-details/edit/5',
    ]);
  });
});

describe('a rule’s test-send', () => {
  const test: Notification = {
    ...base,
    eventType: 'GEOFENCE_ENTER',
    ruleId: 7,
    msisdnId: null,
    subject: { type: 'rule', id: '7' },
    data: { test: true, ruleName: 'Arrivals at City Mall' },
  };

  it('says it is a test of the rule, and names nobody and no place', () => {
    expect(notificationTitle(i18n.t, test)).toBe('Test: Arrival at a POI');
    expect(notificationText(i18n.t, 'en-US', test)).toBe(
      'Test of the notification rule “Arrivals at City Mall”: its notifications reach you like this',
    );
    expect(notificationTitle(i18n.t, { ...test, data: {} })).toBe('Arrival at a POI');
  });

  it('links the rule it tried', () => {
    expect(notificationLinks(test, 'ZoneAdmin')).toEqual([
      { kind: 'rule', path: '/notification-rules/7', name: 'Arrivals at City Mall' },
    ]);
  });
});

describe('a scheduled report made', () => {
  const ready: Notification = {
    ...base,
    eventType: 'REPORT_READY',
    msisdnId: null,
    subject: { type: 'reportSchedule', id: '12' },
    data: { scheduleName: 'Weekly visits', periodStart: '2026-11-16', periodEnd: '2026-11-22', rows: 42 },
  };

  it('names the schedule and its period, and links its delivery log on the reports page', () => {
    expect(notificationTitle(i18n.t, ready)).toBe('Scheduled report ready');
    expect(notificationText(i18n.t, 'en-US', ready)).toBe(
      'Scheduled report “Weekly visits” is ready for Nov 16, 2026 – Nov 22, 2026',
    );
    expect(notificationLinks(ready, 'DepartmentAdmin')).toEqual([
      { kind: 'reportSchedule', path: '/reports?tab=scheduled&log=12', name: 'Weekly visits' },
    ]);
  });
});
