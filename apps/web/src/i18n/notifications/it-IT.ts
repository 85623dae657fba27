import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano. */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'notifications.bell.label': 'Notifiche',
  'notifications.bell.unread_one': 'Notifiche: {{count}} da leggere',
  'notifications.bell.unread_many': 'Notifiche: {{count}} da leggere',
  'notifications.bell.unread_other': 'Notifiche: {{count}} da leggere',
  'notifications.bell.menu': 'Ultime notifiche',
  'notifications.bell.empty': 'Ancora nessuna notifica',
  'notifications.bell.openInbox': 'Apri la posta in arrivo',
  'notifications.filter.unreadOnly': 'Solo da leggere',
  'notifications.action.markRead': 'Segna come letta',
  'notifications.action.markAllRead': 'Segna tutte come lette',
  'notifications.allMarkedRead': 'Tutte le notifiche sono segnate come lette',
  'notifications.column.event': 'Evento',
  'notifications.column.message': 'Messaggio',
  'notifications.column.subject': 'Apri',
  'notifications.column.time': 'Ora',
  'notifications.column.status': 'Stato',
  'notifications.unread': 'Da leggere',
  'notifications.read': 'Letta',
  'notifications.minutes_one': '{{count}} minuto',
  'notifications.minutes_many': '{{count}} di minuti',
  'notifications.minutes_other': '{{count}} minuti',
  'notifications.link.msisdn': 'Dipendente',
  'notifications.link.poi': 'Punto di interesse',
  'notifications.link.task': 'Attività',
  'notifications.link.invoice': 'Fattura',
  'notifications.link.attendance': 'Presenze',
  'notifications.event.GEOFENCE_ENTER': 'Arrivo a un punto di interesse',
  'notifications.event.GEOFENCE_EXIT': 'Uscita da un punto di interesse',
  'notifications.event.VISIT_CLOSED': 'Visita conclusa',
  'notifications.event.ATTENDANCE_LATE': 'Ritardo',
  'notifications.event.ATTENDANCE_ABSENT': 'Assenza',
  'notifications.event.TASK_COMPLETED': 'Attività completata',
  'notifications.event.TASK_OVERDUE': 'Attività scaduta',
  'notifications.event.CONSENT_GRANTED': 'Consenso dato',
  'notifications.event.CONSENT_REVOKED': 'Consenso revocato',
  'notifications.event.INVOICE_ISSUED': 'Fattura emessa',
  'notifications.event.INVOICE_OVERDUE': 'Fattura scaduta',
  'notifications.text.GEOFENCE_ENTER': '{{employee}} ({{msisdn}}) è arrivato a {{poi}}',
  'notifications.text.GEOFENCE_EXIT': '{{employee}} ({{msisdn}}) ha lasciato {{poi}}',
  'notifications.text.VISIT_CLOSED': '{{employee}} ({{msisdn}}) è stato a {{poi}} per {{minutes}}',
  'notifications.text.ATTENDANCE_LATE':
    '{{employee}} ({{msisdn}}) è arrivato in ritardo il {{date}} di {{minutes}}',
  'notifications.text.ATTENDANCE_ABSENT': '{{employee}} ({{msisdn}}) era assente il {{date}}',
  'notifications.text.TASK_COMPLETED':
    'L’attività “{{title}}” è stata completata da {{employee}} ({{msisdn}})',
  'notifications.text.TASK_OVERDUE': 'L’attività “{{title}}” è scaduta',
  'notifications.text.CONSENT_GRANTED': '{{employee}} ({{msisdn}}) ha acconsentito alla localizzazione',
  'notifications.text.CONSENT_REVOKED':
    '{{employee}} ({{msisdn}}) ha revocato il consenso; la localizzazione è sospesa',
  'notifications.text.INVOICE_ISSUED': 'È stata emessa la fattura {{number}}: {{amount}}, scadenza {{dueOn}}',
  'notifications.text.INVOICE_OVERDUE':
    'La fattura {{number}} è scaduta: {{amount}} ancora da pagare dal {{dueOn}}',
  'notifications.link.rule': 'Regola',
  'notifications.testOf': 'Prova: {{event}}',
  'notifications.text.test': 'Prova della regola di notifica “{{rule}}”: le sue notifiche ti arrivano così',
};

export default strings;
