import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Español (es). */
const strings: LocaleStrings<typeof en, 'es'> = {
  'dueInvoice.locked':
    'Tu organización tiene una factura pendiente de pago. El portal permanecerá bloqueado hasta que se abone; ponte en contacto con tu gestor de cuenta.',
  'invoice.number': 'Factura',
  'invoice.client': 'Cliente',
  'invoice.issued': 'Emitida',
  'invoice.dueOn': 'Vencimiento',
  'invoice.grandTotal': 'Importe total',
  'invoice.status': 'Estado',
  'invoice.status.DUE': 'Pendiente',
  'invoice.status.OVERDUE': 'Vencida',
  'invoice.status.PAID': 'Pagada',
};

export default strings;
