import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Español (es). */
const strings: LocaleStrings<typeof en, 'es'> = {
  'dueInvoice.locked':
    'Tu organización tiene una factura pendiente de pago. El portal permanecerá bloqueado hasta que se abone; ponte en contacto con tu gestor de cuenta.',
  'dueInvoice.howToPay.title': 'Cómo pagar',
  'dueInvoice.howToPay.text':
    'Paga por transferencia bancaria e indica el número de la factura como concepto, para que el pago pueda asociarse a la factura. Si tienes dudas sobre una factura, ponte en contacto con tu gestor de cuenta.',
  'invoice.number': 'Factura',
  'invoice.client': 'Cliente',
  'invoice.period': 'Periodo',
  'invoice.issued': 'Emitida',
  'invoice.dueOn': 'Vencimiento',
  'invoice.grandTotal': 'Importe total',
  'invoice.balance': 'Pendiente de pago',
  'invoice.status': 'Estado',
  'invoice.status.DRAFT': 'Borrador',
  'invoice.status.ISSUED': 'Emitida',
  'invoice.status.PARTIALLY_PAID': 'Pagada en parte',
  'invoice.status.PAID': 'Pagada',
  'invoice.status.VOID': 'Anulada',
  'invoice.overdue': 'Vencida',
  'invoice.downloadPdf': 'Descargar PDF',
  'invoice.downloadPdfOf': 'Descargar el PDF de {{number}}',
  'invoice.downloadFailed': 'No se ha podido descargar el PDF. Inténtalo de nuevo.',
};

export default strings;
