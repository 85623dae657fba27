/** Helpers the organisation's modules share (users and MSISDNs name the units they point at the same way). */
export { ORG_NAME_SORT, orgColumnsOf } from './org-names.ts';
