import type { ReportTexts } from './en-US.ts';

/** Report texts (fr-FR). */
const strings: ReportTexts = {
  'reports.locationHistory.title': 'Historique des positions',
  'reports.locationHistory.description':
    'Chaque position de chaque numéro sur la période, avec sa précision et sa source',
  'reports.visits.title': 'Visites',
  'reports.visits.description':
    'Visites aux POI avec les bornes d’entrée et de sortie, la durée et la confiance, et les numéros seulement passés',
  'reports.geofenceEvents.title': 'Événements de géorepérage',
  'reports.geofenceEvents.description': 'Chaque entrée dans un POI et sortie',
  'reports.attendanceDaily.title': 'Présence : liste quotidienne',
  'reports.attendanceDaily.description':
    'La journée de chaque employé : statut, première entrée, dernière sortie et temps sur place',
  'reports.attendanceMonthly.title': 'Présence : feuille mensuelle',
  'reports.attendanceMonthly.description':
    'Par employé et par mois : jours par statut, temps sur place et taux de présence',
  'reports.tasks.title': 'Tâches',
  'reports.tasks.description':
    'Affectations de tâches par statut et priorité, leur mode d’achèvement et leur durée',
  'reports.locateUsage.title': 'Utilisation des localisations',
  'reports.locateUsage.description':
    'Demandes de localisation et résultats par numéro et par jour, avec les codes d’échec : les localisations derrière chaque ligne de facture',
  'reports.consent.title': 'Consentement',
  'reports.consent.description':
    'L’état du consentement de chaque numéro, ses changements sur la période et les rappels envoyés',
  'reports.locationViews.title': 'Consultations de position',
  'reports.locationViews.description':
    'Qui a consulté la position de qui, et quand : le rapport de confidentialité qu’un employé ou un comité peut demander',
  'reports.billing.title': 'Facturation',
  'reports.billing.description': 'Factures et utilisation par numéro et par mois',
  'reports.column.msisdn': 'Numéro de mobile',
  'reports.column.employee': 'Employé',
  'reports.column.department': 'Service',
  'reports.column.zone': 'Zone',
  'reports.column.designation': 'Fonction',
  'reports.column.locationHistory.time': 'Heure',
  'reports.column.locationHistory.latitude': 'Latitude',
  'reports.column.locationHistory.longitude': 'Longitude',
  'reports.column.locationHistory.accuracyM': 'Précision (m)',
  'reports.column.locationHistory.source': 'Source',
  'reports.enum.positionSource.NETWORK': 'Réseau mobile',
  'reports.enum.positionSource.OSMAND': 'Application Traccar Client',
  'reports.enum.positionSource.OWNTRACKS': 'Application OwnTracks',
  'reports.enum.boolean.true': 'Oui',
  'reports.enum.boolean.false': 'Non',
  'reports.export.company': 'Entreprise',
  'reports.export.scope': 'Périmètre',
  'reports.export.wholeCompany': 'Toute l’entreprise',
  'reports.export.period': 'Période',
  'reports.export.timeZone': 'Fuseau horaire',
  'reports.export.generated': 'Généré le',
  'reports.export.page': 'Page {{page}} sur {{pages}}',
  'reports.export.rows': 'Lignes',
  'reports.export.details': 'Détails',
};
export default strings;
