/** The earliest and the latest of the items' times, in epoch milliseconds (Infinity and -Infinity for none). */
export function timeSpanMs(items: Iterable<{ readonly time: Date }>): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const { time } of items) {
    const t = time.getTime();
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return { from, to };
}
