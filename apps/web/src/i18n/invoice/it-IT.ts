import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano (it-IT). */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'dueInvoice.locked':
    'La tua organizzazione ha una fattura non pagata. Il portale resta bloccato finché non viene saldata; contatta il tuo referente commerciale.',
  'invoice.number': 'Fattura',
  'invoice.client': 'Cliente',
  'invoice.issued': 'Emessa il',
  'invoice.dueOn': 'Scadenza',
  'invoice.grandTotal': 'Totale complessivo',
  'invoice.status': 'Stato',
  'invoice.status.DUE': 'Da pagare',
  'invoice.status.OVERDUE': 'Scaduta',
  'invoice.status.PAID': 'Pagata',
};

export default strings;
