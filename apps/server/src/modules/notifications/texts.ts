import type { LocaleCode, NotificationEventType } from '@lbs/contracts';

/**
 * The words of e-mail and SMS notifications in the six languages of the product. `{{name}}` is filled in from the
 * notification's data; `{{minutes}}` is a count of minutes with its plural form (Arabic has six). The inbox builds its
 * own text in the web app from the same type and data.
 */
interface Texts {
  events: Record<NotificationEventType, string>;
  open: string;
  why: string;
  /** A rule's test-send: it names the rule and nothing else. */
  test: string;
  /** Plural forms of "N minutes". */
  minutes: PluralForms;
  /** "N employees" and "N days" (CONSENT_PENDING_EXPIRED). */
  employees: PluralForms;
  days: PluralForms;
}

/** A text's forms by Intl.PluralRules category (`{{n}}` is the count); `other` is the fallback. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export const NOTIFICATION_TEXTS: Record<LocaleCode, Texts> = {
  'en-US': {
    events: {
      GEOFENCE_ENTER: '{{employee}} ({{msisdn}}) arrived at {{poi}}',
      GEOFENCE_EXIT: '{{employee}} ({{msisdn}}) left {{poi}}',
      VISIT_CLOSED: '{{employee}} ({{msisdn}}) visited {{poi}} for {{minutes}}',
      ATTENDANCE_LATE: '{{employee}} ({{msisdn}}) was late on {{date}} by {{minutes}}',
      ATTENDANCE_ABSENT: '{{employee}} ({{msisdn}}) was absent on {{date}}',
      TASK_COMPLETED: 'Task “{{title}}” was completed by {{employee}} ({{msisdn}})',
      TASK_OVERDUE: 'Task “{{title}}” is overdue',
      CONSENT_GRANTED: '{{employee}} ({{msisdn}}) agreed to be located',
      CONSENT_REVOKED: '{{employee}} ({{msisdn}}) withdrew consent; locating has stopped',
      CONSENT_PENDING_EXPIRED: 'Consent pending for over {{days}}: {{employees}} without an answer',
      INVOICE_ISSUED: 'Invoice {{number}} was issued: {{amount}}, due on {{dueOn}}',
      INVOICE_OVERDUE: 'Invoice {{number}} is overdue: {{amount}} still owed since {{dueOn}}',
      REPORT_READY: 'Scheduled report “{{name}}” is ready for {{from}} – {{to}}',
    },
    open: 'Open it in the portal: {{url}}',
    why: 'You receive this because of the notification rule “{{rule}}”. Change or stop it here: {{ruleUrl}}',
    test: 'Test of the notification rule “{{rule}}”: its notifications reach you like this',
    minutes: { one: '{{n}} minute', other: '{{n}} minutes' },
    employees: { one: '{{n}} employee', other: '{{n}} employees' },
    days: { one: '{{n}} day', other: '{{n}} days' },
  },
  'zh-Hans-CN': {
    events: {
      GEOFENCE_ENTER: '{{employee}}（{{msisdn}}）已到达 {{poi}}',
      GEOFENCE_EXIT: '{{employee}}（{{msisdn}}）已离开 {{poi}}',
      VISIT_CLOSED: '{{employee}}（{{msisdn}}）在 {{poi}} 停留了 {{minutes}}',
      ATTENDANCE_LATE: '{{employee}}（{{msisdn}}）在 {{date}} 迟到 {{minutes}}',
      ATTENDANCE_ABSENT: '{{employee}}（{{msisdn}}）在 {{date}} 缺勤',
      TASK_COMPLETED: '任务“{{title}}”已由 {{employee}}（{{msisdn}}）完成',
      TASK_OVERDUE: '任务“{{title}}”已逾期',
      CONSENT_GRANTED: '{{employee}}（{{msisdn}}）已同意被定位',
      CONSENT_REVOKED: '{{employee}}（{{msisdn}}）已撤回同意，定位已停止',
      CONSENT_PENDING_EXPIRED: '同意请求超过 {{days}}仍未回复：{{employees}}',
      INVOICE_ISSUED: '发票 {{number}} 已开具：{{amount}}，到期日 {{dueOn}}',
      INVOICE_OVERDUE: '发票 {{number}} 已逾期：自 {{dueOn}} 起仍欠 {{amount}}',
      REPORT_READY: '定时报表“{{name}}”已生成：{{from}} – {{to}}',
    },
    open: '在门户中打开：{{url}}',
    why: '您收到此通知，是因为通知规则“{{rule}}”。在此修改或停用：{{ruleUrl}}',
    test: '通知规则“{{rule}}”的测试：其通知将以此方式送达您',
    minutes: { other: '{{n}} 分钟' },
    employees: { other: '{{n}} 名员工' },
    days: { other: '{{n}} 天' },
  },
  'ar-SA': {
    events: {
      GEOFENCE_ENTER: 'وصل {{employee}} ({{msisdn}}) إلى {{poi}}',
      GEOFENCE_EXIT: 'غادر {{employee}} ({{msisdn}}) {{poi}}',
      VISIT_CLOSED: 'زار {{employee}} ({{msisdn}}) {{poi}} لمدة {{minutes}}',
      ATTENDANCE_LATE: 'تأخر {{employee}} ({{msisdn}}) يوم {{date}} بمقدار {{minutes}}',
      ATTENDANCE_ABSENT: 'تغيّب {{employee}} ({{msisdn}}) يوم {{date}}',
      TASK_COMPLETED: 'أنجز {{employee}} ({{msisdn}}) المهمة «{{title}}»',
      TASK_OVERDUE: 'تجاوزت المهمة «{{title}}» موعدها',
      CONSENT_GRANTED: 'وافق {{employee}} ({{msisdn}}) على تحديد موقعه',
      CONSENT_REVOKED: 'سحب {{employee}} ({{msisdn}}) موافقته؛ توقف تحديد الموقع',
      CONSENT_PENDING_EXPIRED: 'الموافقة معلقة منذ أكثر من {{days}}: {{employees}} دون رد',
      INVOICE_ISSUED: 'صدرت الفاتورة {{number}}: {{amount}}، تستحق في {{dueOn}}',
      INVOICE_OVERDUE: 'الفاتورة {{number}} متأخرة: ما زال {{amount}} مستحقًا منذ {{dueOn}}',
      REPORT_READY: 'التقرير المجدول «{{name}}» جاهز عن الفترة {{from}} – {{to}}',
    },
    open: 'افتحها في البوابة: {{url}}',
    why: 'تصلك هذه الرسالة بسبب قاعدة الإشعارات «{{rule}}». غيّرها أو أوقفها من هنا: {{ruleUrl}}',
    test: 'اختبار قاعدة الإشعارات «{{rule}}»: هكذا تصلك إشعاراتها',
    minutes: {
      zero: '{{n}} دقيقة',
      one: 'دقيقة واحدة',
      two: 'دقيقتين',
      few: '{{n}} دقائق',
      many: '{{n}} دقيقة',
      other: '{{n}} دقيقة',
    },
    employees: {
      zero: '{{n}} موظف',
      one: 'موظف واحد',
      two: 'موظفان',
      few: '{{n}} موظفين',
      many: '{{n}} موظفًا',
      other: '{{n}} موظف',
    },
    days: {
      zero: '{{n}} يوم',
      one: 'يوم واحد',
      two: 'يومين',
      few: '{{n}} أيام',
      many: '{{n}} يومًا',
      other: '{{n}} يوم',
    },
  },
  'it-IT': {
    events: {
      GEOFENCE_ENTER: '{{employee}} ({{msisdn}}) è arrivato a {{poi}}',
      GEOFENCE_EXIT: '{{employee}} ({{msisdn}}) ha lasciato {{poi}}',
      VISIT_CLOSED: '{{employee}} ({{msisdn}}) è stato a {{poi}} per {{minutes}}',
      ATTENDANCE_LATE: '{{employee}} ({{msisdn}}) è arrivato in ritardo il {{date}} di {{minutes}}',
      ATTENDANCE_ABSENT: '{{employee}} ({{msisdn}}) era assente il {{date}}',
      TASK_COMPLETED: 'L’attività “{{title}}” è stata completata da {{employee}} ({{msisdn}})',
      TASK_OVERDUE: 'L’attività “{{title}}” è scaduta',
      CONSENT_GRANTED: '{{employee}} ({{msisdn}}) ha acconsentito alla localizzazione',
      CONSENT_REVOKED: '{{employee}} ({{msisdn}}) ha revocato il consenso; la localizzazione è sospesa',
      CONSENT_PENDING_EXPIRED: 'Consenso in attesa da oltre {{days}}: {{employees}} senza risposta',
      INVOICE_ISSUED: 'È stata emessa la fattura {{number}}: {{amount}}, scadenza {{dueOn}}',
      INVOICE_OVERDUE: 'La fattura {{number}} è scaduta: {{amount}} ancora da pagare dal {{dueOn}}',
      REPORT_READY: 'Il report pianificato “{{name}}” è pronto: {{from}} – {{to}}',
    },
    open: 'Aprila nel portale: {{url}}',
    why: 'Ricevi questo messaggio per la regola di notifica “{{rule}}”. Modificala o disattivala qui: {{ruleUrl}}',
    test: 'Prova della regola di notifica “{{rule}}”: le sue notifiche ti arrivano così',
    minutes: { one: '{{n}} minuto', other: '{{n}} minuti' },
    employees: { one: '{{n}} dipendente', many: '{{n}} di dipendenti', other: '{{n}} dipendenti' },
    days: { one: '{{n}} giorno', many: '{{n}} di giorni', other: '{{n}} giorni' },
  },
  es: {
    events: {
      GEOFENCE_ENTER: '{{employee}} ({{msisdn}}) ha llegado a {{poi}}',
      GEOFENCE_EXIT: '{{employee}} ({{msisdn}}) ha salido de {{poi}}',
      VISIT_CLOSED: '{{employee}} ({{msisdn}}) estuvo en {{poi}} durante {{minutes}}',
      ATTENDANCE_LATE: '{{employee}} ({{msisdn}}) llegó tarde el {{date}}: {{minutes}}',
      ATTENDANCE_ABSENT: '{{employee}} ({{msisdn}}) estuvo ausente el {{date}}',
      TASK_COMPLETED: '{{employee}} ({{msisdn}}) ha completado la tarea «{{title}}»',
      TASK_OVERDUE: 'La tarea «{{title}}» está vencida',
      CONSENT_GRANTED: '{{employee}} ({{msisdn}}) ha aceptado ser localizado',
      CONSENT_REVOKED:
        '{{employee}} ({{msisdn}}) ha retirado su consentimiento; la localización se ha detenido',
      CONSENT_PENDING_EXPIRED:
        'Consentimiento pendiente desde hace más de {{days}}: {{employees}} sin respuesta',
      INVOICE_ISSUED: 'Se ha emitido la factura {{number}}: {{amount}}, vence el {{dueOn}}',
      INVOICE_OVERDUE: 'La factura {{number}} está vencida: se adeudan {{amount}} desde el {{dueOn}}',
      REPORT_READY: 'El informe programado «{{name}}» está listo: {{from}} – {{to}}',
    },
    open: 'Ábrala en el portal: {{url}}',
    why: 'Recibe este mensaje por la regla de notificación «{{rule}}». Cámbiela o desactívela aquí: {{ruleUrl}}',
    test: 'Prueba de la regla de notificación «{{rule}}»: así le llegan sus notificaciones',
    minutes: { one: '{{n}} minuto', other: '{{n}} minutos' },
    employees: { one: '{{n}} empleado', many: '{{n}} de empleados', other: '{{n}} empleados' },
    days: { one: '{{n}} día', many: '{{n}} de días', other: '{{n}} días' },
  },
  'fr-FR': {
    events: {
      GEOFENCE_ENTER: '{{employee}} ({{msisdn}}) est arrivé à {{poi}}',
      GEOFENCE_EXIT: '{{employee}} ({{msisdn}}) a quitté {{poi}}',
      VISIT_CLOSED: '{{employee}} ({{msisdn}}) est resté à {{poi}} pendant {{minutes}}',
      ATTENDANCE_LATE: '{{employee}} ({{msisdn}}) était en retard le {{date}} de {{minutes}}',
      ATTENDANCE_ABSENT: '{{employee}} ({{msisdn}}) était absent le {{date}}',
      TASK_COMPLETED: 'La tâche « {{title}} » a été terminée par {{employee}} ({{msisdn}})',
      TASK_OVERDUE: 'La tâche « {{title}} » est en retard',
      CONSENT_GRANTED: '{{employee}} ({{msisdn}}) a accepté d’être localisé',
      CONSENT_REVOKED: '{{employee}} ({{msisdn}}) a retiré son consentement ; la localisation est arrêtée',
      CONSENT_PENDING_EXPIRED: 'Consentement en attente depuis plus de {{days}} : {{employees}} sans réponse',
      INVOICE_ISSUED: 'La facture {{number}} a été émise : {{amount}}, échéance le {{dueOn}}',
      INVOICE_OVERDUE: 'La facture {{number}} est en retard : {{amount}} restent dus depuis le {{dueOn}}',
      REPORT_READY: 'Le rapport planifié « {{name}} » est prêt : {{from}} – {{to}}',
    },
    open: 'Ouvrez-la dans le portail : {{url}}',
    why: 'Vous recevez ce message en raison de la règle de notification « {{rule}} ». Modifiez-la ou arrêtez-la ici : {{ruleUrl}}',
    test: 'Test de la règle de notification « {{rule}} » : ses notifications vous parviennent ainsi',
    minutes: { one: '{{n}} minute', many: '{{n}} de minutes', other: '{{n}} minutes' },
    employees: { one: '{{n}} employé', many: '{{n}} d’employés', other: '{{n}} employés' },
    days: { one: '{{n}} jour', many: '{{n}} de jours', other: '{{n}} jours' },
  },
};

export const fill = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));

/** The form of a text for a count in the language, filled with the count (in the language's digits) and `values`. */
export function pluralText(
  locale: LocaleCode,
  forms: PluralForms,
  n: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const form = forms[new Intl.PluralRules(locale).select(n)] ?? forms.other;
  return fill(form, { ...values, n: new Intl.NumberFormat(locale).format(n) });
}

/** "N minutes" (or employees, or days) in the language, with its plural form (and its digits). */
export function minutesText(
  locale: LocaleCode,
  n: number,
  unit: 'minutes' | 'employees' | 'days' = 'minutes',
): string {
  return pluralText(locale, NOTIFICATION_TEXTS[locale][unit], n);
}
