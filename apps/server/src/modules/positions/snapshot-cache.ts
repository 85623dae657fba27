/**
 * A per-process micro-cache of Monitor snapshots: for `ttlMs` after a snapshot is built, callers with the same key
 * (scope and filters) get the same one, and callers arriving while it is being built wait for that build instead
 * of starting their own. Sixty-four admins of a company refreshing at once cost one query. The map is at most a
 * second behind the database; the live stream carries what happens meanwhile.
 */
export class SnapshotCache<T> {
  readonly #entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, build: () => Promise<T>): Promise<T> {
    const now = this.now();
    const entry = this.#entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    if (this.#entries.size >= this.maxEntries) {
      for (const [k, e] of this.#entries) if (e.expires <= now) this.#entries.delete(k);
      if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    }
    const value = build();
    this.#entries.set(key, { expires: now + this.ttlMs, value });
    // A failed build is not kept.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }
}
