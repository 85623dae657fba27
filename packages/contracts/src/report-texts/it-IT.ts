import type { ReportTexts } from './en-US.ts';

/** Report texts (it-IT). */
const strings: ReportTexts = {
  'reports.locationHistory.title': 'Cronologia delle posizioni',
  'reports.locationHistory.description':
    'Ogni posizione di ciascun numero nel periodo, con precisione e origine',
  'reports.visits.title': 'Visite',
  'reports.visits.description':
    'Visite ai POI con gli intervalli di entrata e uscita, permanenza e affidabilità, e i numeri solo di passaggio',
  'reports.geofenceEvents.title': 'Eventi di geofence',
  'reports.geofenceEvents.description': 'Ogni entrata in un POI e uscita da esso',
  'reports.attendanceDaily.title': 'Presenze: elenco giornaliero',
  'reports.attendanceDaily.description':
    'La giornata di ogni dipendente: stato, prima entrata, ultima uscita e tempo all’interno',
  'reports.attendanceMonthly.title': 'Presenze: foglio mensile',
  'reports.attendanceMonthly.description':
    'Per dipendente e mese: giorni per stato, tempo all’interno e tasso di presenza',
  'reports.tasks.title': 'Attività',
  'reports.tasks.description':
    'Assegnazioni di attività per stato e priorità, come sono state completate e in quanto tempo',
  'reports.locateUsage.title': 'Utilizzo delle localizzazioni',
  'reports.locateUsage.description':
    'Richieste di localizzazione e risultati per numero e giorno, con i codici di errore: le localizzazioni dietro ogni riga di fattura',
  'reports.consent.title': 'Consenso',
  'reports.consent.description':
    'Lo stato del consenso di ogni numero, le modifiche nel periodo e i promemoria inviati',
  'reports.locationViews.title': 'Consultazioni della posizione',
  'reports.locationViews.description':
    'Chi ha consultato la posizione di chi, e quando: il rapporto sulla privacy che un dipendente o una rappresentanza può chiedere',
  'reports.billing.title': 'Fatturazione',
  'reports.billing.description': 'Fatture e utilizzo per numero e mese',
  'reports.column.msisdn': 'Numero di cellulare',
  'reports.column.employee': 'Dipendente',
  'reports.column.department': 'Reparto',
  'reports.column.zone': 'Zona',
  'reports.column.designation': 'Qualifica',
  'reports.column.locationHistory.time': 'Ora',
  'reports.column.locationHistory.latitude': 'Latitudine',
  'reports.column.locationHistory.longitude': 'Longitudine',
  'reports.column.locationHistory.accuracyM': 'Precisione (m)',
  'reports.column.locationHistory.source': 'Origine',
  'reports.enum.positionSource.NETWORK': 'Rete mobile',
  'reports.enum.positionSource.OSMAND': 'App Traccar Client',
  'reports.enum.positionSource.OWNTRACKS': 'App OwnTracks',
  'reports.enum.boolean.true': 'Sì',
  'reports.enum.boolean.false': 'No',
  'reports.export.company': 'Azienda',
  'reports.export.scope': 'Ambito',
  'reports.export.wholeCompany': 'Intera azienda',
  'reports.export.period': 'Periodo',
  'reports.export.timeZone': 'Fuso orario',
  'reports.export.generated': 'Generato',
  'reports.export.page': 'Pagina {{page}} di {{pages}}',
  'reports.export.rows': 'Righe',
  'reports.export.details': 'Dettagli',
};
export default strings;
