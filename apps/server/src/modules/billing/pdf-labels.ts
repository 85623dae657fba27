/**
 * The invoice PDF's fixed wording in the six portal languages, and the number formatting it uses.
 *
 * The PDF is bilingual: every label prints in the company's language and in English (English alone for en-US).
 */

export type PdfLocale = 'en-US' | 'zh-Hans-CN' | 'ar-SA' | 'it-IT' | 'es' | 'fr-FR';

export const PDF_LOCALES: readonly PdfLocale[] = ['en-US', 'zh-Hans-CN', 'ar-SA', 'it-IT', 'es', 'fr-FR'];

/** One label in every language; the key order of a row follows PDF_LOCALES. */
type LabelRow = Record<PdfLocale, string>;

export const PDF_LABELS = {
  invoice: {
    'en-US': 'Invoice',
    'zh-Hans-CN': '发票',
    'ar-SA': 'فاتورة',
    'it-IT': 'Fattura',
    es: 'Factura',
    'fr-FR': 'Facture',
  },
  taxInvoice: {
    'en-US': 'Tax invoice',
    'zh-Hans-CN': '税务发票',
    'ar-SA': 'فاتورة ضريبية',
    'it-IT': 'Fattura fiscale',
    es: 'Factura fiscal',
    'fr-FR': 'Facture fiscale',
  },
  creditNote: {
    'en-US': 'Credit note',
    'zh-Hans-CN': '贷项通知单',
    'ar-SA': 'إشعار دائن',
    'it-IT': 'Nota di credito',
    es: 'Nota de crédito',
    'fr-FR': 'Avoir',
  },
  number: {
    'en-US': 'Number',
    'zh-Hans-CN': '编号',
    'ar-SA': 'الرقم',
    'it-IT': 'Numero',
    es: 'Número',
    'fr-FR': 'Numéro',
  },
  client: {
    'en-US': 'Client',
    'zh-Hans-CN': '客户',
    'ar-SA': 'العميل',
    'it-IT': 'Cliente',
    es: 'Cliente',
    'fr-FR': 'Client',
  },
  seller: {
    'en-US': 'Seller',
    'zh-Hans-CN': '销售方',
    'ar-SA': 'البائع',
    'it-IT': 'Fornitore',
    es: 'Proveedor',
    'fr-FR': 'Fournisseur',
  },
  issued: {
    'en-US': 'Issued',
    'zh-Hans-CN': '开具日期',
    'ar-SA': 'تاريخ الإصدار',
    'it-IT': 'Data di emissione',
    es: 'Fecha de emisión',
    'fr-FR': 'Date d’émission',
  },
  dueOn: {
    'en-US': 'Due on',
    'zh-Hans-CN': '到期日',
    'ar-SA': 'تاريخ الاستحقاق',
    'it-IT': 'Scadenza',
    es: 'Vencimiento',
    'fr-FR': 'Échéance',
  },
  period: {
    'en-US': 'Period',
    'zh-Hans-CN': '账期',
    'ar-SA': 'الفترة',
    'it-IT': 'Periodo',
    es: 'Periodo',
    'fr-FR': 'Période',
  },
  itemDescription: {
    'en-US': 'Item description',
    'zh-Hans-CN': '项目说明',
    'ar-SA': 'وصف البند',
    'it-IT': 'Descrizione',
    es: 'Descripción',
    'fr-FR': 'Désignation',
  },
  assignmentType: {
    'en-US': 'Assignment type',
    'zh-Hans-CN': '分配类型',
    'ar-SA': 'نوع التخصيص',
    'it-IT': 'Tipo di assegnazione',
    es: 'Tipo de asignación',
    'fr-FR': 'Type d’affectation',
  },
  quantity: {
    'en-US': 'Quantity',
    'zh-Hans-CN': '数量',
    'ar-SA': 'الكمية',
    'it-IT': 'Quantità',
    es: 'Cantidad',
    'fr-FR': 'Quantité',
  },
  unitPrice: {
    'en-US': 'Unit price',
    'zh-Hans-CN': '单价',
    'ar-SA': 'سعر الوحدة',
    'it-IT': 'Prezzo unitario',
    es: 'Precio unitario',
    'fr-FR': 'Prix unitaire',
  },
  subtotal: {
    'en-US': 'Subtotal',
    'zh-Hans-CN': '小计',
    'ar-SA': 'المجموع الفرعي',
    'it-IT': 'Subtotale',
    es: 'Subtotal',
    'fr-FR': 'Sous-total',
  },
  rebate: {
    'en-US': 'Rebate',
    'zh-Hans-CN': '折扣',
    'ar-SA': 'الخصم',
    'it-IT': 'Sconto',
    es: 'Descuento',
    'fr-FR': 'Remise',
  },
  tax: {
    'en-US': 'Tax',
    'zh-Hans-CN': '税额',
    'ar-SA': 'الضريبة',
    'it-IT': 'Imposta',
    es: 'Impuesto',
    'fr-FR': 'Taxe',
  },
  grandTotal: {
    'en-US': 'Grand total',
    'zh-Hans-CN': '总计',
    'ar-SA': 'الإجمالي',
    'it-IT': 'Totale complessivo',
    es: 'Total general',
    'fr-FR': 'Total général',
  },
  monthlyFeePerMsisdn: {
    'en-US': 'Monthly fee per MSISDN',
    'zh-Hans-CN': '每个 MSISDN 的月费',
    'ar-SA': 'الرسوم الشهرية لكل MSISDN',
    'it-IT': 'Canone mensile per MSISDN',
    es: 'Cuota mensual por MSISDN',
    'fr-FR': 'Abonnement mensuel par MSISDN',
  },
  /** The assignment type of a monthly-fee line. */
  monthlyFee: {
    'en-US': 'Monthly fee',
    'zh-Hans-CN': '月费',
    'ar-SA': 'رسوم شهرية',
    'it-IT': 'Canone mensile',
    es: 'Cuota mensual',
    'fr-FR': 'Abonnement mensuel',
  },
  locates: {
    'en-US': 'Locates',
    'zh-Hans-CN': '定位',
    'ar-SA': 'عمليات تحديد الموقع',
    'it-IT': 'Localizzazioni',
    es: 'Localizaciones',
    'fr-FR': 'Localisations',
  },
  adjustment: {
    'en-US': 'Adjustment',
    'zh-Hans-CN': '调整',
    'ar-SA': 'تسوية',
    'it-IT': 'Rettifica',
    es: 'Ajuste',
    'fr-FR': 'Ajustement',
  },
  tariff: {
    'en-US': 'Tariff',
    'zh-Hans-CN': '资费',
    'ar-SA': 'التعرفة',
    'it-IT': 'Tariffa',
    es: 'Tarifa',
    'fr-FR': 'Tarif',
  },
  pricePerLocate: {
    'en-US': 'Price per locate',
    'zh-Hans-CN': '每次定位价格',
    'ar-SA': 'سعر تحديد الموقع',
    'it-IT': 'Prezzo per localizzazione',
    es: 'Precio por localización',
    'fr-FR': 'Prix par localisation',
  },
  includedLocates: {
    'en-US': 'Included locates',
    'zh-Hans-CN': '包含的定位次数',
    'ar-SA': 'عمليات تحديد الموقع المشمولة',
    'it-IT': 'Localizzazioni incluse',
    es: 'Localizaciones incluidas',
    'fr-FR': 'Localisations incluses',
  },
  vatNumber: {
    'en-US': 'VAT number',
    'zh-Hans-CN': '增值税号',
    'ar-SA': 'الرقم الضريبي',
    'it-IT': 'Partita IVA',
    es: 'Número de IVA',
    'fr-FR': 'Numéro de TVA',
  },
  page: {
    'en-US': 'Page',
    'zh-Hans-CN': '页',
    'ar-SA': 'صفحة',
    'it-IT': 'Pagina',
    es: 'Página',
    'fr-FR': 'Page',
  },
  replaces: {
    'en-US': 'Replaces',
    'zh-Hans-CN': '替代',
    'ar-SA': 'يحل محل',
    'it-IT': 'Sostituisce',
    es: 'Sustituye a',
    'fr-FR': 'Remplace',
  },
  /** What a credit note's `replaces` means: the invoice it corrects. */
  corrects: {
    'en-US': 'Corrects invoice',
    'zh-Hans-CN': '更正发票',
    'ar-SA': 'تصحيح للفاتورة',
    'it-IT': 'Rettifica la fattura',
    es: 'Rectifica la factura',
    'fr-FR': 'Rectifie la facture',
  },
  paymentReference: {
    'en-US': 'Payment reference',
    'zh-Hans-CN': '付款参考',
    'ar-SA': 'مرجع الدفع',
    'it-IT': 'Riferimento di pagamento',
    es: 'Referencia de pago',
    'fr-FR': 'Référence de paiement',
  },
} as const satisfies Record<string, LabelRow>;

export type PdfLabelKey = keyof typeof PDF_LABELS;

/** A label in the company's language and in English; `secondary` is null for en-US and where both are the same word. */
export interface BilingualLabel {
  primary: string;
  secondary: string | null;
}

export function bilingualLabel(key: PdfLabelKey, locale: PdfLocale): BilingualLabel {
  const row: LabelRow = PDF_LABELS[key];
  const primary = row[locale];
  const english = row['en-US'];
  return { primary, secondary: primary === english ? null : english };
}

export const isRightToLeft = (locale: PdfLocale): boolean => locale === 'ar-SA';

/**
 * The Intl locale used for numbers. Arabic keeps Western (latn) digits, so that amounts, MSISDNs, VAT numbers and
 * invoice numbers on one bilingual page all use the same digits.
 */
export const numberLocale = (locale: PdfLocale): string => (locale === 'ar-SA' ? 'ar-SA-u-nu-latn' : locale);

/** Integer minor units as exact decimal text in major units: (-123456, 2) → "-1234.56", (5, 3) → "0.005". */
export function minorToDecimal(minor: number, minorDigits: number): string {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`Amount must be an integer of minor units, got ${minor}`);
  if (!Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 6) {
    throw new RangeError(`Currency minor digits must be an integer from 0 to 6, got ${minorDigits}`);
  }
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(minorDigits + 1, '0');
  if (minorDigits === 0) return sign + digits;
  return `${sign}${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}

/** `Intl.NumberFormat#format` takes exact decimal strings (ES2023 Intl.NumberFormat v3); the lib typing lags. */
type DecimalFormatter = (value: string) => string;
const decimalFormatter =
  (format: Intl.NumberFormat): DecimalFormatter =>
  (value) =>
    format.format(value as unknown as number);

/** Number formatters for one invoice: its locale's conventions, its currency and minor digits. */
export interface PdfNumberFormat {
  /** Minor units, e.g. 115000 → "SAR 1,150.00" (en-US) or "1.150,00 SAR" (it-IT). */
  money(minor: number): string;
  /** A unit price given as decimal text with up to 6 decimals: at least the currency's digits, trailing zeros cut. */
  unitPrice(decimal: string): string;
  /** A quantity given as decimal text, e.g. "1234" → "1,234", "0.5" → "0.5". */
  quantity(decimal: string): string;
  /** A tax rate given as a fraction in decimal text, e.g. "0.15" → "15%". */
  percent(decimal: string): string;
  /** A whole count, e.g. 1000 → "1,000". */
  count(value: number): string;
}

export function pdfNumberFormat(locale: PdfLocale, currency: string, minorDigits: number): PdfNumberFormat {
  const tag = numberLocale(locale);
  const money = decimalFormatter(
    new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      minimumFractionDigits: minorDigits,
      maximumFractionDigits: minorDigits,
    }),
  );
  const unitPrice = decimalFormatter(
    new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      minimumFractionDigits: minorDigits,
      maximumFractionDigits: Math.max(minorDigits, 6),
    }),
  );
  const quantity = decimalFormatter(new Intl.NumberFormat(tag, { maximumFractionDigits: 6 }));
  const percent = decimalFormatter(
    new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 4 }),
  );
  const count = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  return {
    money: (minor) => money(minorToDecimal(minor, minorDigits)),
    unitPrice: (decimal) => unitPrice(decimal),
    quantity: (decimal) => quantity(decimal),
    percent: (decimal) => percent(decimal),
    count: (value) => count.format(value),
  };
}

/** A country code as a name in the invoice's language, e.g. "SA" → "Saudi Arabia"; an unknown code stays as given. */
export function countryName(code: string, locale: PdfLocale): string {
  try {
    return (
      new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code
    );
  } catch {
    return code;
  }
}
