import type { ReportTexts } from './en-US.ts';

/** Report texts (es). */
const strings: ReportTexts = {
  'reports.locationHistory.title': 'Historial de ubicaciones',
  'reports.locationHistory.description':
    'Cada posición de cada número en el periodo, con su precisión y origen',
  'reports.visits.title': 'Visitas',
  'reports.visits.description':
    'Visitas a los POI con los márgenes de entrada y salida, permanencia y confianza, y los números que solo pasaron',
  'reports.geofenceEvents.title': 'Eventos de geocerca',
  'reports.geofenceEvents.description': 'Cada entrada y salida de un POI',
  'reports.attendanceDaily.title': 'Asistencia: lista diaria',
  'reports.attendanceDaily.description':
    'El día de cada empleado: estado, primera entrada, última salida y tiempo dentro',
  'reports.attendanceMonthly.title': 'Asistencia: hoja mensual',
  'reports.attendanceMonthly.description':
    'Por empleado y mes: días por estado, tiempo dentro y tasa de asistencia',
  'reports.tasks.title': 'Tareas',
  'reports.tasks.description':
    'Asignaciones de tareas por estado y prioridad, cómo se completaron y cuánto tardaron',
  'reports.locateUsage.title': 'Uso de localizaciones',
  'reports.locateUsage.description':
    'Solicitudes de localización y sus resultados por número y día, con códigos de error: las localizaciones detrás de cada línea de factura',
  'reports.consent.title': 'Consentimiento',
  'reports.consent.description':
    'El estado de consentimiento de cada número, sus cambios en el periodo y los recordatorios enviados',
  'reports.locationViews.title': 'Consultas de ubicación',
  'reports.locationViews.description':
    'Quién consultó la ubicación de quién y cuándo: el informe de privacidad que un empleado o un comité puede pedir',
  'reports.billing.title': 'Facturación',
  'reports.billing.description': 'Facturas y uso por número y mes',
  'reports.column.msisdn': 'Número de móvil',
  'reports.column.employee': 'Empleado',
  'reports.column.department': 'Departamento',
  'reports.column.zone': 'Zona',
  'reports.column.designation': 'Cargo',
  'reports.column.locationHistory.time': 'Hora',
  'reports.column.locationHistory.latitude': 'Latitud',
  'reports.column.locationHistory.longitude': 'Longitud',
  'reports.column.locationHistory.accuracyM': 'Precisión (m)',
  'reports.column.locationHistory.source': 'Origen',
  'reports.enum.positionSource.NETWORK': 'Red móvil',
  'reports.enum.positionSource.OSMAND': 'App Traccar Client',
  'reports.enum.positionSource.OWNTRACKS': 'App OwnTracks',
  'reports.enum.boolean.true': 'Sí',
  'reports.enum.boolean.false': 'No',
  'reports.export.company': 'Empresa',
  'reports.export.scope': 'Ámbito',
  'reports.export.wholeCompany': 'Toda la empresa',
  'reports.export.period': 'Periodo',
  'reports.export.timeZone': 'Zona horaria',
  'reports.export.generated': 'Generado',
  'reports.export.page': 'Página {{page}} de {{pages}}',
  'reports.export.rows': 'Filas',
  'reports.export.details': 'Detalles',
};
export default strings;
