export interface RowCacheOptions {
  /** How long an entry is served without a change notification naming it (a safety net: notifications do the work). */
  ttlMs: number;
  /** The oldest entry goes when a new one would exceed this. */
  maxEntries: number;
  now?: () => number;
}

/** What a loader found: the value and the row tags (`user:5`, `company:3`) whose change must drop it. */
export interface Loaded<V> {
  value: V;
  tags: string[];
}

interface Entry<V> {
  value: V;
  tags: string[];
  expires: number;
}

/**
 * Database rows held in memory for a short while and dropped as soon as a change notification names one of their
 * tags (`invalidate`), on every replica that follows the notifications. The rules that keep it from serving a
 * changed row:
 * - a load that overlaps an invalidation (it may have read the row before the change committed) is not kept: every
 *   invalidation moves the generation, and a load stores its answer only when the generation has not moved;
 * - while the notifications are not arriving (`suspend`, the LISTEN connection is down) nothing is served or kept;
 *   `resume` starts again from empty;
 * - concurrent misses of one key share one load, but never across an invalidation.
 * Absent rows are not cached: a row that appears is found by the next request.
 */
export class RowCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #loading = new Map<string, Promise<V | undefined>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;
  #live = true;

  constructor(options: RowCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value of `key`, or else `load`'s answer (kept when nothing changed meanwhile). */
  get(key: string, load: () => Promise<Loaded<V> | undefined>): Promise<V | undefined> {
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.expires > this.#now()) return Promise.resolve(entry.value);
      this.#delete(key);
    }
    if (!this.#live) return load().then((found) => found?.value);
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (found) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (found && this.#live && generation === this.#generation) this.#set(key, found);
        return found?.value;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  /** Drops every entry carrying one of the tags. */
  invalidate(tags: Iterable<string>): void {
    this.#generation++;
    this.#loading.clear();
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#delete(key);
    }
  }

  /** Drops every entry carrying a tag of the kind (`user` for `user:5`): a change to rows too many to name. */
  invalidateKind(kind: string): void {
    const prefix = `${kind}:`;
    this.invalidate([...this.#keysByTag.keys()].filter((tag) => tag.startsWith(prefix)));
  }

  /** Drops everything (notifications that may have been missed). */
  clear(): void {
    this.#generation++;
    this.#loading.clear();
    this.#entries.clear();
    this.#keysByTag.clear();
  }

  /** Notifications stopped arriving: serve and keep nothing until `resume`. */
  suspend(): void {
    this.#live = false;
    this.clear();
  }

  /** Notifications arrive again; what was missed meanwhile cannot be in here, as nothing was kept. */
  resume(): void {
    this.clear();
    this.#live = true;
  }

  #set(key: string, { value, tags }: Loaded<V>): void {
    this.#delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#delete(oldest.value);
    }
    this.#entries.set(key, { value, tags, expires: this.#now() + this.#ttlMs });
    for (const tag of tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
