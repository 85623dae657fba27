/** The billing period (`YYYY-MM`, a calendar month) of a local date, `offset` months later (-1: the month before). */
export function periodOf(date: Date, offset = 0): string {
  const month = new Date(date.getFullYear(), date.getMonth() + offset, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}
