import { useMemo } from 'react';
import { useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  BILLING_REASON_MAX_LENGTH,
  creditNoteBodySchema,
  invoiceVoidSchema,
  minorToDecimal,
  PAYMENT_METHODS,
  PAYMENT_REFERENCE_MAX_LENGTH,
  paymentBodySchema,
  type InvoiceDetail,
} from '@lbs/contracts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormDateField } from '../../../components/date-field/date-field.tsx';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { formatMinor, localIsoDate } from '../../../lib/format.ts';

import { useAddCreditNote } from '../api/add-credit-note.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { useVoidInvoice } from '../api/void-invoice.ts';
import { amountField, toMinor } from '../model/amount-field.ts';

interface DialogProps {
  invoice: InvoiceDetail;
  onClose: () => void;
}

const reasonProps = {
  multiline: true,
  minRows: 2,
  slotProps: { htmlInput: { maxLength: BILLING_REASON_MAX_LENGTH } },
};

/** The amount in the invoice's currency, "Still owed: €120.00" under it (credit notes and payments). */
function InvoiceAmountField<T extends FieldValues & { amountMinor: string }>({
  control,
  invoice,
}: {
  control: Control<T>;
  invoice: InvoiceDetail;
}) {
  const { t, i18n } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={'amountMinor' as Path<T>}
      label={t('billing.field.amountIn', { currency: invoice.currency })}
      helperText={t('billing.field.stillOwed', {
        amount: formatMinor(i18n.language, invoice.balanceMinor, invoice.currency),
      })}
      required
      autoFocus
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
    />
  );
}

/** POST …/void with the reason. */
export function VoidDialog({ invoice, onClose }: DialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useVoidInvoice(invoice.id);
  const form = useForm<z.input<typeof invoiceVoidSchema>, unknown, z.output<typeof invoiceVoidSchema>>({
    resolver: zodResolver(invoiceVoidSchema),
    defaultValues: { reason: '' },
  });
  const { submit, problem, clearProblem } = useProblemSubmit(form, ['reason'], async (body) => {
    await mutation.mutateAsync(body);
    notify(t('billing.void.done'));
    onClose();
  });
  return (
    <FormDialog
      open
      title={t('billing.void.title')}
      intro={t('billing.void.text')}
      submitLabel={t('billing.action.void')}
      destructive
      submitting={form.formState.isSubmitting}
      problem={problem}
      onClearProblem={clearProblem}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={form.control}
        name="reason"
        label={t('billing.field.reason')}
        required
        autoFocus
        {...reasonProps}
      />
    </FormDialog>
  );
}

/** POST …/credit-notes with an amount in the invoice's currency and the reason. */
export function CreditNoteDialog({ invoice, onClose }: DialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useAddCreditNote(invoice.id);
  const schema = useMemo(
    () => z.object({ amountMinor: amountField(invoice.currency), reason: creditNoteBodySchema.shape.reason }),
    [invoice.currency],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amountMinor: '', reason: '' },
  });
  const { submit, problem, clearProblem } = useProblemSubmit(
    form,
    ['amountMinor', 'reason'],
    async (values) => {
      await mutation.mutateAsync({ ...values, amountMinor: toMinor(values.amountMinor, invoice.currency) });
      notify(t('billing.creditNote.done'));
      onClose();
    },
  );
  return (
    <FormDialog
      open
      title={t('billing.creditNote.title')}
      submitLabel={t('billing.action.creditNote')}
      submitting={form.formState.isSubmitting}
      problem={problem}
      onClearProblem={clearProblem}
      onSubmit={submit}
      onClose={onClose}
    >
      <InvoiceAmountField control={form.control} invoice={invoice} />
      <FormTextField
        control={form.control}
        name="reason"
        label={t('billing.field.reason')}
        required
        {...reasonProps}
      />
    </FormDialog>
  );
}

/** POST …/payments: amount (the balance to start with), the day it was paid, how, and the bank's reference. */
export function PaymentDialog({ invoice, onClose }: DialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useRecordPayment(invoice.id);
  const schema = useMemo(
    () =>
      z.object({
        amountMinor: amountField(invoice.currency),
        paidOn: paymentBodySchema.shape.paidOn,
        method: paymentBodySchema.shape.method,
        reference: paymentBodySchema.shape.reference,
      }),
    [invoice.currency],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      amountMinor: invoice.balanceMinor > 0 ? minorToDecimal(invoice.balanceMinor, invoice.currency) : '',
      paidOn: localIsoDate(),
      method: 'BANK_TRANSFER',
      reference: '',
    },
  });
  const { submit, problem, clearProblem } = useProblemSubmit(
    form,
    ['amountMinor', 'paidOn', 'method', 'reference'],
    async (values) => {
      await mutation.mutateAsync({ ...values, amountMinor: toMinor(values.amountMinor, invoice.currency) });
      notify(t('billing.payment.done'));
      onClose();
    },
  );
  return (
    <FormDialog
      open
      title={t('billing.payment.title')}
      submitLabel={t('billing.action.recordPayment')}
      submitting={form.formState.isSubmitting}
      problem={problem}
      onClearProblem={clearProblem}
      onSubmit={submit}
      onClose={onClose}
    >
      <InvoiceAmountField control={form.control} invoice={invoice} />
      <FormDateField control={form.control} name="paidOn" label={t('billing.payment.paidOn')} required />
      <FormSelectField
        control={form.control}
        name="method"
        label={t('billing.payment.method')}
        options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`billing.method.${method}`) }))}
      />
      <FormTextField
        control={form.control}
        name="reference"
        label={t('billing.payment.reference')}
        slotProps={{ htmlInput: { maxLength: PAYMENT_REFERENCE_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
