import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_STATUSES,
  CONSENT_STATUSES,
  INVOICE_STATUSES,
  LOCATION_VIEW_ACTIONS,
  POSITION_SOURCES,
  REPORTS,
  ROLES,
  TASK_ASSIGNMENT_STATUSES,
  TASK_COMPLETION_SOURCES,
  TASK_PRIORITIES,
  VISIT_CLOSED_BY,
} from '@lbs/contracts';
import ar from '@lbs/contracts/report-texts/ar-SA';
import en from '@lbs/contracts/report-texts/en-US';
import es from '@lbs/contracts/report-texts/es';
import fr from '@lbs/contracts/report-texts/fr-FR';
import itTexts from '@lbs/contracts/report-texts/it-IT';
import zh from '@lbs/contracts/report-texts/zh-Hans-CN';

/** The values each enumerated column can hold (the data's own sets), by `enumOf`. */
const ENUMS: Record<string, readonly string[]> = {
  positionSource: POSITION_SOURCES,
  visitStatus: REPORTS.visits.statusEnum!.values,
  visitClosedBy: VISIT_CLOSED_BY.filter((v) => v !== 'OPEN'),
  geofenceEvent: REPORTS.geofenceEvents.statusEnum!.values,
  attendanceStatus: ATTENDANCE_STATUSES,
  taskPriority: TASK_PRIORITIES,
  taskStatus: TASK_ASSIGNMENT_STATUSES,
  taskCompletionSource: TASK_COMPLETION_SOURCES,
  consentStatus: CONSENT_STATUSES,
  role: ROLES,
  locationViewAction: LOCATION_VIEW_ACTIONS,
  invoiceStatus: INVOICE_STATUSES,
};
const SHARED = new Set(['msisdn', 'employee', 'department', 'zone', 'designation']);
const LOCALES: Record<string, Record<string, string>> = {
  'en-US': en,
  'ar-SA': ar,
  'zh-Hans-CN': zh,
  'it-IT': itTexts,
  es,
  'fr-FR': fr,
};

describe('report texts', () => {
  it('every report, column and enumerated value has its text in all six languages', () => {
    const keys: string[] = [];
    for (const meta of Object.values(REPORTS)) {
      keys.push(`reports.${meta.key}.title`, `reports.${meta.key}.description`);
      for (const column of meta.columns) {
        keys.push(
          SHARED.has(column.key)
            ? `reports.column.${column.key}`
            : `reports.column.${meta.key}.${column.key}`,
        );
        if (column.type === 'enum') {
          const values = ENUMS[column.enumOf!];
          expect(values, `${meta.key}.${column.key}: the values of ${column.enumOf}`).toBeDefined();
          for (const value of values!) keys.push(`reports.enum.${column.enumOf}.${value}`);
        }
      }
      for (const value of meta.statusEnum?.values ?? [])
        keys.push(`reports.enum.${meta.statusEnum!.enumOf}.${value}`);
    }
    const missing = Object.entries(LOCALES).flatMap(([locale, texts]) =>
      keys.filter((k) => !texts[k]?.trim()).map((k) => `${locale} ${k}`),
    );
    expect(missing).toEqual([]);
  });
});
