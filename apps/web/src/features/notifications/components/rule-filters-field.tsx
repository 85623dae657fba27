import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RULE_FILTER_SOURCES } from '../api/rule-refs.ts';
import { RULE_FILTER_KEYS, type RuleFormValues } from '../model/rule-form.ts';
import { RefMultiField } from './ref-multi-field.tsx';

/**
 * The rule's filters: which events of its types it tells about — at these POIs or POIs of these categories, of these
 * MSISDNs, departments, zones or designations. Every list left empty matches everything; a chosen list must hold the
 * event's value. The choices are what the caller sees within the rule's company. Fields of a form section's grid.
 */
export function RuleFiltersField({
  control,
  companyId,
}: {
  control: Control<RuleFormValues>;
  companyId: number | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {RULE_FILTER_KEYS.map((key) => {
        const source = RULE_FILTER_SOURCES[key];
        return (
          <RefMultiField
            key={key}
            control={control}
            name={`filters.${key}`}
            label={t(`notificationRules.match.${key}`)}
            helperText={t(`notificationRules.match.${key}Hint`)}
            search={(q) => source.search(q, companyId)}
            lookup={source.lookup}
          />
        );
      })}
    </>
  );
}
