/** Due invoice lock page. English (en-US): the source of the area's keys. */
const strings = {
  'dueInvoice.locked':
    'Your organisation has an unpaid invoice. The portal is locked until it is settled; please contact your account manager.',
  'invoice.number': 'Invoice',
  'invoice.client': 'Client',
  'invoice.issued': 'Issued',
  'invoice.dueOn': 'Due on',
  'invoice.grandTotal': 'Grand total',
  'invoice.status': 'Status',
  'invoice.status.DUE': 'Due',
  'invoice.status.OVERDUE': 'Overdue',
  'invoice.status.PAID': 'Paid',
};

export default strings;
