import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français (fr-FR). */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'dueInvoice.locked':
    'Votre organisation a une facture impayée. Le portail est bloqué jusqu’à son règlement ; veuillez contacter votre chargé de compte.',
  'invoice.number': 'Facture',
  'invoice.client': 'Société',
  'invoice.issued': 'Émise le',
  'invoice.dueOn': 'Échéance',
  'invoice.grandTotal': 'Montant total',
  'invoice.status': 'Statut',
  'invoice.status.DUE': 'À payer',
  'invoice.status.OVERDUE': 'En retard',
  'invoice.status.PAID': 'Payée',
};

export default strings;
