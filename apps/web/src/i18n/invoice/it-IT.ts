import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Italiano (it-IT). */
const strings: LocaleStrings<typeof en, 'it-IT'> = {
  'dueInvoice.locked':
    'La tua organizzazione ha una fattura non pagata. Il portale resta bloccato finché non viene saldata; contatta il tuo referente commerciale.',
  'dueInvoice.howToPay.title': 'Come pagare',
  'dueInvoice.howToPay.text':
    'Paga con bonifico bancario indicando il numero della fattura come causale, così il pagamento può essere abbinato alla fattura. Per domande su una fattura contatta il tuo referente commerciale.',
  'invoice.number': 'Fattura',
  'invoice.client': 'Cliente',
  'invoice.period': 'Periodo',
  'invoice.issued': 'Emessa il',
  'invoice.dueOn': 'Scadenza',
  'invoice.grandTotal': 'Totale complessivo',
  'invoice.balance': 'Saldo da pagare',
  'invoice.status': 'Stato',
  'invoice.status.DRAFT': 'Bozza',
  'invoice.status.ISSUED': 'Emessa',
  'invoice.status.PARTIALLY_PAID': 'Pagata in parte',
  'invoice.status.PAID': 'Pagata',
  'invoice.status.VOID': 'Annullata',
  'invoice.overdue': 'Scaduta',
  'invoice.downloadPdf': 'Scarica il PDF',
  'invoice.downloadPdfOf': 'Scarica il PDF di {{number}}',
  'invoice.downloadFailed': 'Non è stato possibile scaricare il PDF. Riprova.',
};

export default strings;
