/**
 * Invoices as the customer sees them: the due-invoice lock page and the labels, statuses and PDF download that the
 * billing pages share with it. English (en-US): the source of the area's keys.
 */
const strings = {
  'dueInvoice.locked':
    'Your organisation has an unpaid invoice. The portal is locked until it is settled; please contact your account manager.',
  'dueInvoice.howToPay.title': 'How to pay',
  'dueInvoice.howToPay.text':
    'Pay by bank transfer and quote the invoice number as the payment reference, so that your payment can be matched to the invoice. If you have a question about an invoice, contact your account manager.',
  'invoice.number': 'Invoice',
  'invoice.client': 'Client',
  'invoice.period': 'Period',
  'invoice.issued': 'Issued',
  'invoice.dueOn': 'Due on',
  'invoice.grandTotal': 'Grand total',
  'invoice.balance': 'Balance',
  'invoice.status': 'Status',
  'invoice.status.DRAFT': 'Draft',
  'invoice.status.ISSUED': 'Issued',
  'invoice.status.PARTIALLY_PAID': 'Partially paid',
  'invoice.status.PAID': 'Paid',
  'invoice.status.VOID': 'Void',
  'invoice.overdue': 'Overdue',
  'invoice.downloadPdf': 'Download PDF',
  'invoice.downloadPdfOf': 'Download the PDF of {{number}}',
  'invoice.downloadFailed': 'The PDF could not be downloaded. Please try again.',
};

export default strings;
