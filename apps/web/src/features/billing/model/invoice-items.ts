import { INVOICE_ITEM_KINDS, type InvoiceItem, type InvoiceItemKind } from '@lbs/contracts';

/** The lines of one assignment type (the SPEC's invoice label), with their sum in minor units. */
export interface ItemGroup {
  kind: InvoiceItemKind;
  items: InvoiceItem[];
  amountMinor: number;
}

/** An invoice's lines by assignment type, in the invoice's order (fees, locates, rebate, adjustments); none empty. */
export function groupItems(items: readonly InvoiceItem[]): ItemGroup[] {
  return INVOICE_ITEM_KINDS.map((kind) => {
    const of = items.filter((item) => item.kind === kind);
    return { kind, items: of, amountMinor: of.reduce((sum, item) => sum + item.amountMinor, 0) };
  }).filter((group) => group.items.length > 0);
}
