import { useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  BILLABLE_LOCATE_RULES,
  PRORATIONS,
  REBATE_KINDS,
  tariffBodySchema,
  type Tariff,
  type TariffBody,
  type TariffInput,
} from '@lbs/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import {
  FormAutocompleteField,
  FormGrid,
  FormNumberField,
  FormSelectField,
  FormTextField,
} from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { currencies } from '../../../lib/format.ts';
import { periodOf } from '../../../lib/period.ts';
import { useCreateTariff } from '../api/create-tariff.ts';

const FIELDS: Path<TariffInput>[] = [
  'effectiveFrom',
  'currency',
  'monthlyFee',
  'pricePerLocate',
  'includedLocates',
  'billableLocates',
  'proration',
  'rebateKind',
  'rebateValue',
  'taxRatePercent',
  'paymentTermsDays',
  'graceDays',
  'reviewDays',
];

/** A new version starts from next month with the terms of the latest one (or the contract's defaults). */
function defaultsFrom(latest: Tariff | undefined, currency: string): TariffInput {
  return {
    effectiveFrom: periodOf(new Date(), 1),
    currency: latest?.currency ?? currency,
    monthlyFee: latest?.monthlyFee ?? '',
    pricePerLocate: latest?.pricePerLocate ?? '',
    includedLocates: latest?.includedLocates ?? 0,
    billableLocates: latest?.billableLocates ?? 'SUCCESSFUL',
    proration: latest?.proration ?? 'FULL_MONTH',
    rebateKind: latest?.rebateKind ?? 'NONE',
    rebateValue: latest?.rebateValue ?? '0',
    taxRatePercent: latest?.taxRatePercent ?? '0',
    paymentTermsDays: latest?.paymentTermsDays ?? 30,
    graceDays: latest?.graceDays ?? 7,
    reviewDays: latest?.reviewDays ?? 3,
  };
}

const decimalInput = { slotProps: { htmlInput: { inputMode: 'decimal' as const, dir: 'ltr' } } };

/** "Add tariff version": every term of POST /companies/{id}/tariffs, the server's field messages under the fields. */
export function TariffDialog({
  companyId,
  latest,
  currency,
  onClose,
}: {
  companyId: number;
  latest: Tariff | undefined;
  /** The company's currency, for a first version. */
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateTariff(companyId);
  const currencyCodes = useMemo(currencies, []);
  const form = useForm<TariffInput, unknown, TariffBody>({
    resolver: zodResolver(tariffBodySchema),
    defaultValues: defaultsFrom(latest, currency),
  });
  const { control } = form;
  const { submit, problem, clearProblem } = useProblemSubmit(form, FIELDS, async (body) => {
    await create.mutateAsync(body);
    notify(t('tariff.added'));
    onClose();
  });
  const code = form.watch('currency') || currency;
  const days = (name: 'paymentTermsDays' | 'graceDays' | 'reviewDays', max: number, hint?: string) => (
    <FormNumberField
      control={control}
      name={name}
      label={t(`tariff.field.${name}`)}
      min={0}
      max={max}
      helperText={hint}
    />
  );
  return (
    <FormDialog
      open
      maxWidth="md"
      title={t('tariff.add')}
      submitLabel={t('tariff.add')}
      submitting={form.formState.isSubmitting}
      problem={problem}
      onClearProblem={clearProblem}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormGrid>
        <FormTextField
          control={control}
          name="effectiveFrom"
          type="month"
          label={t('tariff.field.effectiveFrom')}
          helperText={t('tariff.hint.effectiveFrom')}
          required
          autoFocus
        />
        <FormAutocompleteField
          control={control}
          name="currency"
          label={t('tariff.field.currency')}
          options={currencyCodes}
          required
        />
        <FormTextField
          control={control}
          name="monthlyFee"
          label={t('tariff.field.monthlyFee')}
          helperText={t('tariff.hint.decimal', { currency: code })}
          required
          {...decimalInput}
        />
        <FormTextField
          control={control}
          name="pricePerLocate"
          label={t('tariff.field.pricePerLocate')}
          helperText={t('tariff.hint.decimal', { currency: code })}
          required
          {...decimalInput}
        />
        <FormNumberField
          control={control}
          name="includedLocates"
          label={t('tariff.field.includedLocates')}
          min={0}
          max={10_000_000}
        />
        <FormSelectField
          control={control}
          name="billableLocates"
          label={t('tariff.field.billableLocates')}
          options={BILLABLE_LOCATE_RULES.map((rule) => ({ value: rule, label: t(`tariff.rule.${rule}`) }))}
        />
        <FormSelectField
          control={control}
          name="proration"
          label={t('tariff.field.proration')}
          options={PRORATIONS.map((p) => ({ value: p, label: t(`tariff.proration.${p}`) }))}
        />
        <FormTextField
          control={control}
          name="taxRatePercent"
          label={t('tariff.field.taxRatePercent')}
          {...decimalInput}
        />
        <FormSelectField
          control={control}
          name="rebateKind"
          label={t('tariff.field.rebateKind')}
          options={REBATE_KINDS.map((kind) => ({ value: kind, label: t(`tariff.rebateKind.${kind}`) }))}
        />
        <FormTextField
          control={control}
          name="rebateValue"
          label={t('tariff.field.rebateValue')}
          helperText={t('tariff.hint.rebateValue')}
          {...decimalInput}
        />
        {days('paymentTermsDays', 365)}
        {days('graceDays', 90, t('tariff.hint.graceDays'))}
        {days('reviewDays', 28, t('tariff.hint.reviewDays'))}
      </FormGrid>
    </FormDialog>
  );
}
