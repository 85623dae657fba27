import type {
  ConsentStatus,
  LocateBlocker,
  MonitorFix,
  MonitorPosition,
  MonitorPositions,
  PositionSource,
} from '@lbs/contracts';

/** The latest fix of one MSISDN. */
export interface Fix {
  readonly lat: number;
  readonly lon: number;
  readonly accuracyM: number | null;
  /** ISO 8601 (made when first read: a snapshot of 100,000 fixes comes with epoch milliseconds). */
  readonly time: string;
  readonly timeMs: number;
  readonly source: PositionSource;
}

/** A position as the store takes it: from a live event (ISO time) or a snapshot's columns (epoch milliseconds). */
export type StorePosition = MonitorPosition | MonitorFix;
/** An answer of GET /monitor/positions as the store takes it. */
export type StoreSnapshot = Omit<MonitorPositions, 'items'> & { items: readonly StorePosition[] };

/**
 * What the MSISDN directory (GET /msisdns/directory) adds: names of the org units, designation, consent and tracking,
 * and whether the caller may locate the number now.
 */
export interface DirectoryEntry {
  id: number;
  msisdn: string;
  employeeName: string;
  companyId: number;
  companyName: string;
  departmentId: number;
  departmentName: string;
  zoneId: number | null;
  zoneName: string | null;
  designationId: number;
  designationName: string;
  consentStatus: ConsentStatus;
  trackingEnabled: boolean;
  /** "Locate now" as the server's MSISDN policy decided it (the answer's `abilities.locate` and `blockedBy.locate`). */
  locate: { allowed: boolean; blocker?: LocateBlocker | undefined };
}

/** One row of the Monitor: an MSISDN in scope, with its fix and/or its directory entry (whichever is known). */
export interface MonitorItem {
  id: number;
  msisdn: string;
  employeeName: string;
  companyId: number;
  departmentId: number;
  zoneId: number | null;
  directory: DirectoryEntry | undefined;
  fix: Fix | undefined;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

class StoredFix implements Fix {
  #time: string | undefined;
  constructor(
    readonly lat: number,
    readonly lon: number,
    readonly accuracyM: number | null,
    readonly timeMs: number,
    readonly source: PositionSource,
    time: string | undefined,
  ) {
    this.#time = time;
  }

  get time(): string {
    return (this.#time ??= new Date(this.timeMs).toISOString());
  }
}

function toFix(p: StorePosition): Fix {
  return 'timeMs' in p
    ? new StoredFix(p.lat, p.lon, p.accuracyM, p.timeMs, p.source, undefined)
    : new StoredFix(p.lat, p.lon, p.accuracyM, Date.parse(p.time), p.source, p.time);
}

/**
 * The Monitor's positions, keyed by MSISDN id: the snapshot of GET /monitor/positions, live `position` events and
 * "locate now" answers, merged so that an older fix never replaces a newer one (events and refetches can arrive in
 * any order), plus the MSISDN directory for names, consent and the MSISDNs without any fix.
 *
 * Listeners are told synchronously after every change; the map and the list throttle on their side. Items are
 * replaced, never mutated, so a row can compare by identity.
 */
export class PositionsStore {
  #items = new Map<number, MonitorItem>();
  /** Local time of the last live/locate update per id: a full snapshot requested before it does not drop the id. */
  #touchedAt = new Map<number, number>();
  #listeners = new Set<() => void>();
  #version = 0;
  #orderVersion = -1;
  #orderDirty = true;
  #sorted: number[] = [];
  #listVersion = -1;
  #list: MonitorItem[] = [];
  /** The cursor of the last answer of GET /monitor/positions: the next refresh passes it as `since`. */
  cursor: string | undefined;
  hasSnapshot = false;
  directoryComplete = false;
  /** Moves with the first snapshot and each whole directory: changes a page shows at once (useThrottledVersion). */
  milestone = 0;

  get version(): number {
    return this.#version;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  get(id: number): MonitorItem | undefined {
    return this.#items.get(id);
  }

  get size(): number {
    return this.#items.size;
  }

  /** Every item, by employee name then number; the same array until something changes. */
  list(): readonly MonitorItem[] {
    if (this.#listVersion === this.#version) return this.#list;
    if (this.#orderDirty || this.#orderVersion < 0) {
      this.#sorted = [...this.#items.values()]
        .sort(
          (a, b) =>
            collator.compare(a.employeeName, b.employeeName) ||
            collator.compare(a.msisdn, b.msisdn) ||
            a.id - b.id,
        )
        .map((item) => item.id);
      this.#orderDirty = false;
      this.#orderVersion = this.#version;
    }
    this.#list = this.#sorted.map((id) => this.#items.get(id)!);
    this.#listVersion = this.#version;
    return this.#list;
  }

  /**
   * An answer of GET /monitor/positions. `full` (the whole scope, also the server's answer to a cursor it could not
   * use): ids it lacks lose their fix, unless a live update arrived after `requestedAt`; otherwise a `since` refresh
   * that only adds and updates. Returns how many items changed.
   */
  applySnapshot(body: StoreSnapshot, { requestedAt = 0 }: { requestedAt?: number } = {}): number {
    const { full } = body;
    let changed = 0;
    const seen = full ? new Set<number>() : undefined;
    for (const position of body.items) {
      seen?.add(position.msisdnId);
      if (this.#mergePosition(position)) changed++;
    }
    if (seen) {
      for (const item of [...this.#items.values()]) {
        if (!item.fix || seen.has(item.id) || (this.#touchedAt.get(item.id) ?? 0) > requestedAt) continue;
        changed++;
        if (item.directory) this.#put({ ...item, fix: undefined });
        else this.#delete(item.id);
      }
    }
    this.cursor = body.cursor;
    const first = full && !this.hasSnapshot;
    if (full) this.hasSnapshot = true;
    if (first) this.milestone++;
    if (changed > 0 || first) this.#emit();
    return changed;
  }

  /** A live `position` event or the answer of "locate now": applied unless a newer fix is already known. */
  applyPosition(position: MonitorPosition, now: number = Date.now()): boolean {
    if (!this.#mergePosition(position)) return false;
    this.#touchedAt.set(position.msisdnId, now);
    this.#emit();
    return true;
  }

  /**
   * Entries of the MSISDN directory, page by page. With `complete`, the set is whole: MSISDNs no longer in it lose
   * their entry (and disappear unless they still have a fix).
   */
  applyDirectory(
    entries: readonly DirectoryEntry[],
    { complete = false, all }: { complete?: boolean; all?: ReadonlySet<number> } = {},
  ): void {
    for (const entry of entries) {
      const item = this.#items.get(entry.id);
      const base = {
        msisdn: entry.msisdn,
        employeeName: entry.employeeName,
        companyId: entry.companyId,
        departmentId: entry.departmentId,
        zoneId: entry.zoneId,
      };
      if (item?.fix) {
        // The position carries the same fields; the newer of the two (the fix's) stays authoritative for them.
        this.#put({ ...item, directory: entry });
      } else {
        this.#put({ id: entry.id, ...base, directory: entry, fix: undefined });
      }
    }
    if (complete && all) {
      for (const item of [...this.#items.values()]) {
        if (!item.directory || all.has(item.id)) continue;
        if (item.fix) this.#put({ ...item, directory: undefined });
        else this.#delete(item.id);
      }
      this.directoryComplete = true;
      this.milestone++;
    }
    this.#emit();
  }

  #mergePosition(position: StorePosition): boolean {
    const fix = toFix(position);
    const item = this.#items.get(position.msisdnId);
    if (item?.fix && item.fix.timeMs > fix.timeMs) return false;
    if (
      item?.fix &&
      item.fix.timeMs === fix.timeMs &&
      item.fix.lat === fix.lat &&
      item.fix.lon === fix.lon &&
      item.fix.accuracyM === fix.accuracyM
    ) {
      return false;
    }
    this.#put({
      id: position.msisdnId,
      msisdn: position.msisdn,
      employeeName: position.employeeName,
      companyId: position.companyId,
      departmentId: position.departmentId,
      zoneId: position.zoneId,
      directory: item?.directory,
      fix,
    });
    return true;
  }

  #put(item: MonitorItem): void {
    const before = this.#items.get(item.id);
    if (!before || before.employeeName !== item.employeeName || before.msisdn !== item.msisdn)
      this.#orderDirty = true;
    this.#items.set(item.id, item);
  }

  #delete(id: number): void {
    this.#items.delete(id);
    this.#touchedAt.delete(id);
    this.#orderDirty = true;
  }

  #emit(): void {
    this.#version++;
    for (const listener of [...this.#listeners]) listener();
  }
}
