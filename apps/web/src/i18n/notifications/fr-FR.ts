import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français. */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'notifications.bell.label': 'Mes notifications',
  'notifications.bell.unread_one': 'Notifications : {{count}} non lue',
  'notifications.bell.unread_many': 'Notifications : {{count}} de non lues',
  'notifications.bell.unread_other': 'Notifications : {{count}} non lues',
  'notifications.bell.menu': 'Dernières notifications',
  'notifications.bell.empty': 'Aucune notification pour l’instant',
  'notifications.bell.openInbox': 'Ouvrir la boîte de réception',
  'notifications.filter.unreadOnly': 'Non lues seulement',
  'notifications.action.markRead': 'Marquer comme lue',
  'notifications.action.markAllRead': 'Tout marquer comme lu',
  'notifications.allMarkedRead': 'Toutes les notifications sont marquées comme lues',
  'notifications.column.event': 'Événement',
  'notifications.column.message': 'Contenu',
  'notifications.column.subject': 'Ouvrir',
  'notifications.column.time': 'Heure',
  'notifications.column.status': 'Statut',
  'notifications.unread': 'Non lue',
  'notifications.read': 'Lue',
  'notifications.minutes_one': '{{count}} min',
  'notifications.minutes_many': '{{count}} min',
  'notifications.minutes_other': '{{count}} min',
  'notifications.employees_one': '{{count}} employé',
  'notifications.employees_many': '{{count}} d’employés',
  'notifications.employees_other': '{{count}} employés',
  'notifications.days_one': '{{count}} jour',
  'notifications.days_many': '{{count}} de jours',
  'notifications.days_other': '{{count}} jours',
  'notifications.link.msisdn': 'Employé',
  'notifications.link.poi': 'Point d’intérêt',
  'notifications.link.task': 'Tâche',
  'notifications.link.invoice': 'Facture',
  'notifications.link.attendance': 'Présence',
  'notifications.link.pendingConsent': 'Demandes sans réponse',
  'notifications.event.GEOFENCE_ENTER': 'Arrivée à un point d’intérêt',
  'notifications.event.GEOFENCE_EXIT': 'Départ d’un point d’intérêt',
  'notifications.event.VISIT_CLOSED': 'Visite terminée',
  'notifications.event.ATTENDANCE_LATE': 'Retard',
  'notifications.event.ATTENDANCE_ABSENT': 'Absence constatée',
  'notifications.event.TASK_COMPLETED': 'Tâche terminée',
  'notifications.event.TASK_OVERDUE': 'Tâche en retard',
  'notifications.event.CONSENT_GRANTED': 'Consentement donné',
  'notifications.event.CONSENT_REVOKED': 'Consentement retiré',
  'notifications.event.CONSENT_PENDING_EXPIRED': 'Demandes de consentement sans réponse',
  'notifications.event.INVOICE_ISSUED': 'Facture émise',
  'notifications.event.INVOICE_OVERDUE': 'Facture en retard',
  'notifications.text.GEOFENCE_ENTER': '{{employee}} ({{msisdn}}) est arrivé à {{poi}}',
  'notifications.text.GEOFENCE_EXIT': '{{employee}} ({{msisdn}}) a quitté {{poi}}',
  'notifications.text.VISIT_CLOSED': '{{employee}} ({{msisdn}}) est resté à {{poi}} pendant {{minutes}}',
  'notifications.text.ATTENDANCE_LATE':
    '{{employee}} ({{msisdn}}) était en retard le {{date}} de {{minutes}}',
  'notifications.text.ATTENDANCE_ABSENT': '{{employee}} ({{msisdn}}) était absent le {{date}}',
  'notifications.text.TASK_COMPLETED': 'La tâche « {{title}} » a été terminée par {{employee}} ({{msisdn}})',
  'notifications.text.TASK_OVERDUE': 'La tâche « {{title}} » est en retard',
  'notifications.text.CONSENT_GRANTED': '{{employee}} ({{msisdn}}) a accepté d’être localisé',
  'notifications.text.CONSENT_REVOKED':
    '{{employee}} ({{msisdn}}) a retiré son consentement ; la localisation est arrêtée',
  'notifications.text.CONSENT_PENDING_EXPIRED':
    'Consentement en attente depuis plus de {{days}} : {{employees}} sans réponse',
  'notifications.text.INVOICE_ISSUED':
    'La facture {{number}} a été émise : {{amount}}, échéance le {{dueOn}}',
  'notifications.text.INVOICE_OVERDUE':
    'La facture {{number}} est en retard : {{amount}} restent dus depuis le {{dueOn}}',
  'notifications.link.rule': 'Règle',
  'notifications.testOf': 'Test : {{event}}',
  'notifications.text.test':
    'Test de la règle de notification « {{rule}} » : ses notifications vous parviennent ainsi',
};

export default strings;
