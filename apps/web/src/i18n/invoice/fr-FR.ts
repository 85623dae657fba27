import type { LocaleStrings } from '../define.ts';
import type en from './en-US.ts';

/** Français (fr-FR). */
const strings: LocaleStrings<typeof en, 'fr-FR'> = {
  'dueInvoice.locked':
    'Votre organisation a une facture impayée. Le portail est bloqué jusqu’à son règlement ; veuillez contacter votre chargé de compte.',
  'dueInvoice.howToPay.title': 'Comment payer',
  'dueInvoice.howToPay.text':
    'Payez par virement bancaire en indiquant le numéro de la facture comme référence, afin que votre paiement puisse être rapproché de la facture. Pour toute question sur une facture, contactez votre chargé de compte.',
  'invoice.number': 'Facture',
  'invoice.client': 'Société',
  'invoice.period': 'Période',
  'invoice.issued': 'Émise le',
  'invoice.dueOn': 'Échéance',
  'invoice.grandTotal': 'Montant total',
  'invoice.balance': 'Reste à payer',
  'invoice.status': 'Statut',
  'invoice.status.DRAFT': 'Brouillon',
  'invoice.status.ISSUED': 'Émise',
  'invoice.status.PARTIALLY_PAID': 'Payée en partie',
  'invoice.status.PAID': 'Payée',
  'invoice.status.VOID': 'Annulée',
  'invoice.overdue': 'En retard',
  'invoice.downloadPdf': 'Télécharger le PDF',
  'invoice.downloadPdfOf': 'Télécharger le PDF de {{number}}',
  'invoice.downloadFailed': 'Le PDF n’a pas pu être téléchargé. Veuillez réessayer.',
};

export default strings;
