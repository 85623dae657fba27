import type { TFunction } from 'i18next';
import {
  isRtl,
  PENDING_CONSENT_QUERY,
  reportScheduleQuery,
  type Notification,
  type Role,
} from '@lbs/contracts';
import { formatDate, formatMinor, noBreak } from '../../../lib/format.ts';
import { firstOpenablePath } from '../../../lib/route-links.ts';

type Data = Notification['data'];

const text = (data: Data, key: string): string | undefined => {
  const v = data[key];
  return typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined;
};
const count = (data: Data, key: string): number | undefined => {
  const v = data[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};
const id = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** What a notification is: its event in the interface language (a rule's test-send says it is a test). */
export function notificationTitle(t: TFunction, n: Notification): string {
  const event = t(`notifications.event.${n.eventType}`);
  return n.data['test'] === true ? t('notifications.testOf', { event }) : event;
}

/**
 * A name kept on one line in a right-to-left language (its spaces made no-break): a Latin name wrapped inside an
 * Arabic sentence is laid out by the bidi rules line by line, so "Riyadh depot campus" split across two lines reads
 * as two scattered pieces of the sentence. A name longer than its column still breaks (the cells' overflow-wrap).
 */
export function wholeName(locale: string, name: string): string;
export function wholeName(locale: string, name: string | undefined): string | undefined;
export function wholeName(locale: string, name: string | undefined): string | undefined {
  return name !== undefined && isRtl(locale) ? noBreak(name) : name;
}

/**
 * The sentence of a notification in the interface language, from its type and the values the server kept with it
 * (`notifications.text.<TYPE>`: the employee, the MSISDN, the POI, the task's title, the invoice's number…). A value
 * the server did not send shows as a dash, never as a placeholder. In Arabic, the names stay whole (wholeName).
 */
export function notificationText(t: TFunction, locale: string, n: Notification): string {
  const d = n.data;
  const dash = '—';
  const name = (key: string) => wholeName(locale, text(d, key));
  if (d['test'] === true) return t('notifications.text.test', { rule: name('ruleName') ?? dash });
  const minutes = count(d, 'minutes');
  const amountMinor = count(d, 'amountMinor');
  const currency = text(d, 'currency');
  const employees = count(d, 'count');
  const days = count(d, 'days');
  return t(`notifications.text.${n.eventType}`, {
    employee: name('employeeName') ?? text(d, 'msisdn') ?? dash,
    msisdn: text(d, 'msisdn') ?? dash,
    poi: name('poiName') ?? dash,
    title: name('title') ?? dash,
    number: text(d, 'number') ?? dash,
    minutes: minutes === undefined ? dash : t('notifications.minutes', { count: minutes }),
    date: formatDate(locale, text(d, 'date')) || dash,
    dueOn: formatDate(locale, text(d, 'dueOn')) || dash,
    amount: amountMinor !== undefined && currency ? formatMinor(locale, amountMinor, currency) : dash,
    employees: employees === undefined ? dash : t('notifications.employees', { count: employees }),
    days: days === undefined ? dash : t('notifications.days', { count: days }),
    name: name('scheduleName') ?? dash,
    from: formatDate(locale, text(d, 'periodStart')) || dash,
    to: formatDate(locale, text(d, 'periodEnd')) || dash,
  });
}

export type SubjectKind =
  'msisdn' | 'poi' | 'task' | 'invoice' | 'attendance' | 'pendingConsent' | 'rule' | 'reportSchedule';

export interface SubjectLink {
  kind: SubjectKind;
  /** The page, as the role opens it (an invoice: the company's billing details, the operator's invoice details). */
  path: string;
  /** What the link names: the employee, the POI, the task, the invoice number (absent: the kind's word). */
  name: string | undefined;
}

/**
 * The pages a notification is about — the MSISDN, the POI, the task, the invoice, the attendance sheet, the rule a
 * test-send tried, the report schedule's delivery log — among those
 * the role may open (the route table decides; the server decided already that the user may see the subject).
 */
export function notificationLinks(n: Notification, role: Role | undefined): SubjectLink[] {
  const d = n.data;
  const subject = n.subject;
  const subjectId = (type: string) => (subject?.type === type ? id(subject.id) : undefined);
  const links: SubjectLink[] = [];
  const add = (
    kind: SubjectKind,
    routeIds: string[],
    recordId: number | undefined,
    name: string | undefined,
  ) => {
    if (kind !== 'attendance' && recordId === undefined) return;
    const path = firstOpenablePath(role, routeIds, recordId === undefined ? {} : { id: recordId });
    if (path) links.push({ kind, path, name });
  };
  add(
    'msisdn',
    ['msisdnDetails'],
    n.msisdnId ?? subjectId('msisdn'),
    text(d, 'employeeName') ?? text(d, 'msisdn'),
  );
  add('poi', ['poiEdit'], id(d['poiId']) ?? subjectId('poi'), text(d, 'poiName'));
  add('task', ['taskEdit'], id(d['taskId']) ?? subjectId('task'), text(d, 'title'));
  add('invoice', ['billingDetails', 'operatorInvoiceDetails'], subjectId('invoice'), text(d, 'number'));
  add('rule', ['notificationRuleEdit'], subjectId('rule'), text(d, 'ruleName'));
  if (subject?.type === 'shift' || n.eventType === 'ATTENDANCE_LATE' || n.eventType === 'ATTENDANCE_ABSENT')
    add('attendance', ['attendanceList'], undefined, undefined);
  const scheduleId = subjectId('reportSchedule');
  if (scheduleId !== undefined) {
    const path = firstOpenablePath(role, ['reports'], {});
    if (path)
      links.push({
        kind: 'reportSchedule',
        path: `${path}?${reportScheduleQuery(scheduleId)}`,
        name: text(d, 'scheduleName'),
      });
  }
  if (n.eventType === 'CONSENT_PENDING_EXPIRED') {
    const path = firstOpenablePath(role, ['msisdnList'], {});
    if (path)
      links.push({ kind: 'pendingConsent', path: `${path}?${PENDING_CONSENT_QUERY}`, name: undefined });
  }
  return links;
}
