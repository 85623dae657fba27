/**
 * ZATCA (Saudi e-invoicing) phase-1 QR code content: five TLV fields, base64-encoded.
 *
 * Each field is one byte of tag, one byte of length (of the UTF-8 value, in bytes), then the UTF-8 value:
 * 1 seller name, 2 seller VAT registration number, 3 invoice timestamp (ISO 8601), 4 invoice total with VAT,
 * 5 VAT total. A value therefore holds at most 255 bytes.
 */

export interface ZatcaQrFields {
  seller: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vat: string;
}

const MAX_VALUE_BYTES = 255;

/** ZATCA phase-1 QR payload: TLV (tag 1 seller name, 2 VAT number, 3 timestamp ISO, 4 total with VAT, 5 VAT total; values UTF-8, one-byte tag and one-byte length) base64-encoded. */
export function zatcaQrPayload(p: ZatcaQrFields): string {
  const fields: [tag: number, name: string, value: string][] = [
    [1, 'seller', p.seller],
    [2, 'vatNumber', p.vatNumber],
    [3, 'timestamp', p.timestamp],
    [4, 'total', p.total],
    [5, 'vat', p.vat],
  ];
  const parts = fields.map(([tag, name, value]) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > MAX_VALUE_BYTES) {
      throw new RangeError(
        `ZATCA QR field ${name} is ${bytes.length} bytes in UTF-8; a one-byte length allows at most ${MAX_VALUE_BYTES}`,
      );
    }
    return Buffer.concat([Uint8Array.of(tag, bytes.length), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}
