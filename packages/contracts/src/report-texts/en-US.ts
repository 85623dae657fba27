/**
 * Report texts (English): titles, column headers, enumerated values and the export header. One source for the screen
 * (the web app's `reports` area) and the exported files (CSV/XLSX/PDF on the server). Column keys:
 * `reports.column.<column>` for the columns every report shares, `reports.column.<report>.<column>` for the others.
 */
const strings = {
  'reports.locationHistory.title': 'Location history',
  'reports.locationHistory.description':
    'Every position of each number in the period, with its accuracy and source',
  'reports.visits.title': 'Visits',
  'reports.visits.description':
    'Visits at POIs with their entry and exit bounds, dwell and confidence, and the numbers that only passed by',
  'reports.geofenceEvents.title': 'Geofence events',
  'reports.geofenceEvents.description': 'Each entry into and exit from a POI',
  'reports.attendanceDaily.title': 'Attendance: daily list',
  'reports.attendanceDaily.description': 'Each employee’s day: status, first in, last out and time inside',
  'reports.attendanceMonthly.title': 'Attendance: monthly sheet',
  'reports.attendanceMonthly.description':
    'Per employee and month: days by status, time inside and the attendance rate',
  'reports.tasks.title': 'Tasks',
  'reports.tasks.description':
    'Task assignments by status and priority, how they were completed and how long it took',
  'reports.locateUsage.title': 'Locate usage',
  'reports.locateUsage.description':
    'Locate requests and their results per number and day, with failure codes: the locates behind each invoice line',
  'reports.consent.title': 'Consent',
  'reports.consent.description':
    'Each number’s consent state, its changes in the period and the reminders sent',
  'reports.locationViews.title': 'Location views',
  'reports.locationViews.description':
    'Who looked at whose location, and when: the privacy report an employee or a works council can ask for',
  'reports.billing.title': 'Billing',
  'reports.billing.description': 'Invoices and usage per number and month',
  'reports.column.msisdn': 'Mobile number',
  'reports.column.employee': 'Employee',
  'reports.column.department': 'Department',
  'reports.column.zone': 'Zone',
  'reports.column.designation': 'Designation',
  'reports.column.locationHistory.time': 'Time',
  'reports.column.locationHistory.latitude': 'Latitude',
  'reports.column.locationHistory.longitude': 'Longitude',
  'reports.column.locationHistory.accuracyM': 'Accuracy (m)',
  'reports.column.locationHistory.source': 'Source',
  'reports.enum.positionSource.NETWORK': 'Mobile network',
  'reports.enum.positionSource.OSMAND': 'Traccar Client app',
  'reports.enum.positionSource.OWNTRACKS': 'OwnTracks app',
  'reports.enum.boolean.true': 'Yes',
  'reports.enum.boolean.false': 'No',
  'reports.export.company': 'Company',
  'reports.export.scope': 'Scope',
  'reports.export.wholeCompany': 'Whole company',
  'reports.export.period': 'Period',
  'reports.export.timeZone': 'Time zone',
  'reports.export.generated': 'Generated',
  'reports.export.page': 'Page {{page}} of {{pages}}',
  'reports.export.rows': 'Rows',
  'reports.export.details': 'Details',
};
export type ReportTexts = Record<keyof typeof strings, string>;
export default strings;
