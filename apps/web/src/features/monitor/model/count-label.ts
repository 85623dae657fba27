/**
 * A cluster's count as the interface writes numbers ("12" is "١٢" in Arabic, like the list beside the map): the
 * clusters abbreviate 1,200 as "1.2k", which becomes the language's compact form.
 */
export function countLabel(abbreviated: string, language: string): string {
  const thousands = abbreviated.endsWith('k');
  const value = Number(thousands ? abbreviated.slice(0, -1) : abbreviated);
  if (!Number.isFinite(value)) return abbreviated;
  return thousands
    ? new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value * 1000)
    : new Intl.NumberFormat(language).format(value);
}
