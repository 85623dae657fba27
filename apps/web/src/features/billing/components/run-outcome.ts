import type { TFunction } from 'i18next';
import type { InvoiceRunResult } from '@lbs/contracts';

/** What a run did, in words: a draft built, an issued invoice left alone, nothing to bill, or runs queued. */
export function runOutcomeText(t: TFunction, result: InvoiceRunResult): string {
  return result.outcome === 'QUEUED'
    ? t('billing.run.QUEUED', { count: result.queued })
    : t(`billing.run.${result.outcome}`);
}
