import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { invoiceRunSchema } from '@lbs/contracts';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormMonthField } from '../../../components/date-field/month-field.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { periodOf } from '../../../lib/period.ts';
import { useRunInvoices } from '../api/run-invoices.ts';
import { runOutcomeText } from './run-outcome.ts';

const schema = z.object({
  companyId: z.number().int().positive().nullable(),
  period: invoiceRunSchema.shape.period,
});

/** "Run invoices" (SuperAdmin): one company's month now, or, with no company, every company's as queued runs. */
export function RunInvoicesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const run = useRunInvoices();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { companyId: null, period: periodOf(new Date(), -1) },
  });
  const { submit, problem, clearProblem } = useProblemSubmit(
    form,
    ['companyId', 'period'],
    async ({ companyId, period }) => {
      const result = await run.mutateAsync({ period, ...(companyId ? { companyId } : {}) });
      notify(
        runOutcomeText(t, result),
        result.outcome === 'DRAFTED' || result.outcome === 'QUEUED' ? 'success' : 'info',
      );
      onClose();
    },
  );
  return (
    <FormDialog
      open
      title={t('billing.run.title')}
      submitLabel={t('billing.run.submit')}
      submitting={form.formState.isSubmitting}
      problem={problem}
      onClearProblem={clearProblem}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormEntitySelect
        control={form.control}
        name="companyId"
        kind="company"
        label={t('billing.run.company')}
        helperText={t('billing.run.companyHint')}
      />
      <FormMonthField control={form.control} name="period" label={t('billing.run.period')} required />
    </FormDialog>
  );
}
