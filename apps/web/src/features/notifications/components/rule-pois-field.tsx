import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { rulePoiQueryOptions, rulePoisQueryOptions } from '../api/rule-pois.ts';
import type { RuleFormValues } from '../model/rule-form.ts';
import { RefMultiField } from './ref-multi-field.tsx';

/** The rule's POI filter: arrivals, departures and visits at these POIs only (none chosen: at any POI). */
export function RulePoisField({
  control,
  companyId,
}: {
  control: Control<RuleFormValues>;
  companyId: number | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <RefMultiField
      control={control}
      name="filters.poiIds"
      label={t('notificationRules.field.pois')}
      helperText={t('notificationRules.field.poisHint')}
      search={(q) => rulePoisQueryOptions(q, companyId)}
      lookup={rulePoiQueryOptions}
    />
  );
}
