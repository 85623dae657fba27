import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  monitorColumnsOf,
  type LivePosition,
  type MonitorPosition,
  type MonitorPositionFormat,
  type MonitorPositionsQuery,
} from '@lbs/contracts';
import type { Scope } from '../../access/scope.ts';
import type { EventBus } from '../../events/bus.ts';
import { monitorPositionOf, type BatchReceiver } from '../../location/fanout.ts';
import {
  idRanges,
  monitorViewHolds,
  monitorViewKey,
  monitorViewOf,
  monitorViewTouchedBy,
  type MonitorView,
} from './monitor-view.ts';
import type { LatestRow } from './repository.ts';

const gzipAsync = promisify(gzip);

type Filters = Pick<MonitorPositionsQuery, 'companyId' | 'departmentId' | 'zoneId'>;

/**
 * An answer body of GET /monitor/positions (JSON of monitorPositionsSchema, or of monitorPositionColumnsSchema for
 * `format=columns`), its gzip made once, and audit facts.
 */
export interface MonitorBody {
  body: Buffer;
  gzip(): Promise<Buffer>;
  count: number;
  /** The MSISDN ids in it, as ranges ("1-120,130"). */
  msisdnIds: string;
}

/** The whole snapshot at one version, serialised once; its ETag names the snapshot and version. */
export interface RenderedSnapshot extends MonitorBody {
  version: number;
  etag: string;
}

interface Entry {
  item: MonitorPosition;
  /** JSON of the item, made on its first `items` answer. */
  json: string | undefined;
  positionId: number;
  timeMs: number;
  /** The snapshot version that last changed it (0: loaded from the database). */
  version: number;
}

function entryOf(item: MonitorPosition, positionId: number, version: number): Entry {
  return { item, json: undefined, positionId, timeMs: Date.parse(item.time), version };
}

function bodyOf(json: string): MonitorBody['gzip'] {
  let gzipped: Promise<Buffer> | undefined;
  return () => (gzipped ??= gzipAsync(Buffer.from(json), { level: 6 }));
}

/**
 * The latest positions of one view (monitor-view.ts) in memory: loaded once from the database, then kept current by
 * the live batches. Each change of the set is a new version; the cursor `<epoch>.<version>` names a state of this
 * snapshot (the epoch is random per snapshot: a cursor from another snapshot, process or restart is unknown here).
 */
export class MonitorSnapshot {
  readonly epoch = randomBytes(6).readUIntBE(0, 6).toString(36);
  version = 0;
  lastUsed: number;
  /** Live batches that arrived while the database was being read, applied after it. */
  pending: (readonly LivePosition[])[] | undefined = [];
  ready!: Promise<MonitorSnapshot>;
  readonly #entries = new Map<number, Entry>();
  #sortedIds: number[] | undefined;
  /** The changes after version #logFrom, in order (version, MSISDN id): a `since` near the present reads its tail. */
  #logVersions: number[] = [];
  #logIds: number[] = [];
  #logFrom = 0;
  readonly #rendered = new Map<MonitorPositionFormat, { snapshot: RenderedSnapshot; at: number }>();

  constructor(
    readonly view: MonitorView,
    /** PositionHub.sequence when it was made: batches numbered up to it are already in what it loads. */
    readonly createdSeq: number,
    private readonly now: () => number,
  ) {
    this.lastUsed = now();
  }

  get cursor(): string {
    return `${this.epoch}.${this.version}`;
  }

  get size(): number {
    return this.#entries.size;
  }

  load(rows: readonly LatestRow[]): void {
    for (const row of rows)
      this.#entries.set(row.msisdn_id, entryOf(monitorPositionOf(row), Number(row.position_id), 0));
    const pending = this.pending ?? [];
    this.pending = undefined;
    for (const batch of pending) this.apply(batch);
  }

  /** Applies live positions of the view: a newer fix replaces an older one (as latest_positions does). */
  apply(positions: readonly LivePosition[]): void {
    if (this.pending) return void this.pending.push(positions);
    let version: number | undefined;
    for (const { positionId, ...item } of positions) {
      const timeMs = Date.parse(item.time);
      const known = this.#entries.get(item.msisdnId);
      if (known && (timeMs < known.timeMs || (timeMs === known.timeMs && positionId <= known.positionId)))
        continue;
      version ??= ++this.version;
      if (!known) this.#sortedIds = undefined;
      this.#entries.set(item.msisdnId, entryOf(item, positionId, version));
      this.#logVersions.push(version);
      this.#logIds.push(item.msisdnId);
    }
    // The log is kept shorter than a scan of the whole snapshot; older cursors scan.
    if (this.#logIds.length > Math.max(1024, 2 * this.#entries.size)) {
      this.#logVersions = [];
      this.#logIds = [];
      this.#logFrom = this.version;
    }
  }

  /** The version a cursor names, when it is one of this snapshot's (otherwise the caller gets everything). */
  versionOf(cursor: string): number | undefined {
    const [epoch, version] = cursor.split('.');
    const v = Number(version);
    return epoch === this.epoch && Number.isSafeInteger(v) && v <= this.version ? v : undefined;
  }

  /**
   * The whole snapshot, serialised once per version; a version younger than `minRenderMs` after the last rendering
   * waits for the next request after that (the live stream carries the change meanwhile), so a busy stream costs one
   * serialisation per interval, not one per position.
   */
  rendered(minRenderMs: number, format: MonitorPositionFormat = 'items'): RenderedSnapshot {
    const now = this.now();
    const last = this.#rendered.get(format);
    if (last && (last.snapshot.version === this.version || now - last.at < minRenderMs)) return last.snapshot;
    const ids = (this.#sortedIds ??= [...this.#entries.keys()].sort((a, b) => a - b));
    const json = this.#json(ids, true, format);
    const snapshot = {
      version: this.version,
      // Each format is its own representation of the version.
      etag: format === 'items' ? `W/"${this.cursor}"` : `W/"${this.cursor}-${format}"`,
      body: Buffer.from(json),
      gzip: bodyOf(json),
      count: ids.length,
      msisdnIds: idRanges(ids),
    };
    this.#rendered.set(format, { snapshot, at: now });
    return snapshot;
  }

  /** What changed after `version` (an answer to `since`). */
  changedSince(version: number, format: MonitorPositionFormat = 'items'): MonitorBody {
    const ids = version >= this.#logFrom ? this.#loggedSince(version) : this.#scannedSince(version);
    const json = this.#json(ids, false, format);
    return { body: Buffer.from(json), gzip: bodyOf(json), count: ids.length, msisdnIds: idRanges(ids) };
  }

  #loggedSince(version: number): number[] {
    const versions = this.#logVersions;
    let lo = 0;
    let hi = versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (versions[mid]! > version) hi = mid;
      else lo = mid + 1;
    }
    return [...new Set(this.#logIds.slice(lo))].sort((a, b) => a - b);
  }

  #scannedSince(version: number): number[] {
    const sorted = (this.#sortedIds ??= [...this.#entries.keys()].sort((a, b) => a - b));
    return sorted.filter((id) => this.#entries.get(id)!.version > version);
  }

  #json(ids: readonly number[], full: boolean, format: MonitorPositionFormat): string {
    const now = this.now();
    const generatedAt = new Date(now).toISOString();
    const cursor = this.cursor;
    if (format === 'columns') {
      const items = ids.map((id) => this.#entries.get(id)!.item);
      return JSON.stringify(monitorColumnsOf({ items, generatedAt, cursor, full }, now));
    }
    const items = ids
      .map((id) => {
        const entry = this.#entries.get(id)!;
        return (entry.json ??= JSON.stringify(entry.item));
      })
      .join(',');
    return `{"items":[${items}],"generatedAt":"${generatedAt}","cursor":"${cursor}","full":${full}}`;
  }
}

export interface MonitorSnapshotsOptions {
  /** The latest positions of a caller's scope, narrowed by the filters (the repository, through the scope). */
  load(scope: Scope, filters: Filters): Promise<LatestRow[]>;
  hub: {
    readonly sequence: number;
    receiveBatches(receiver: BatchReceiver): () => void;
  };
  /** See MonitorSnapshot.rendered. */
  minRenderMs?: number;
  /** A snapshot nobody asked for this long is dropped. */
  idleMs?: number;
  maxSnapshots?: number;
  now?: () => number;
}

/**
 * The Monitor snapshots of this process, one per view, shared by every caller who sees that view. Kept current from
 * the live position batches; dropped (and loaded again on the next request, with a new epoch) when MSISDNs change
 * in a way the stream does not carry — `invalidate`, called on the trigger notifications of migration 0017 and
 * whenever notifications may have been lost.
 */
export class MonitorSnapshots {
  readonly #snapshots = new Map<string, MonitorSnapshot>();
  readonly #options: Required<Omit<MonitorSnapshotsOptions, 'load' | 'hub'>>;
  readonly #load: MonitorSnapshotsOptions['load'];
  readonly #hub: MonitorSnapshotsOptions['hub'];
  #stopReceiving: (() => void) | undefined;
  #lastSweep = 0;

  constructor({ load, hub, ...options }: MonitorSnapshotsOptions) {
    this.#load = load;
    this.#hub = hub;
    this.#options = {
      minRenderMs: options.minRenderMs ?? 1000,
      idleMs: options.idleMs ?? 10 * 60_000,
      maxSnapshots: options.maxSnapshots ?? 1000,
      now: options.now ?? Date.now,
    };
  }

  get minRenderMs(): number {
    return this.#options.minRenderMs;
  }

  get size(): number {
    return this.#snapshots.size;
  }

  /** The snapshot of what the caller sees with these filters, loaded on first use. */
  get(scope: Scope, filters: Filters): Promise<MonitorSnapshot> {
    const view = monitorViewOf(scope, filters);
    const key = monitorViewKey(view);
    const now = this.#options.now();
    this.#sweep(now);
    const existing = this.#snapshots.get(key);
    if (existing) {
      existing.lastUsed = now;
      return existing.ready;
    }
    const snapshot = new MonitorSnapshot(view, this.#hub.sequence, this.#options.now);
    this.#snapshots.set(key, snapshot);
    this.#stopReceiving ??= this.#hub.receiveBatches((positions, seq) => this.#received(positions, seq));
    snapshot.ready = this.#load(scope, { ...filters }).then(
      (rows) => {
        snapshot.load(rows);
        return snapshot;
      },
      (error: unknown) => {
        this.#drop(key, snapshot);
        throw error;
      },
    );
    return snapshot.ready;
  }

  /** Drops the snapshots that a change in the company (`*`: anywhere) may have made wrong. */
  invalidate(companyId: number | '*'): void {
    for (const [key, snapshot] of this.#snapshots)
      if (companyId === '*' || monitorViewTouchedBy(snapshot.view, companyId)) this.#drop(key, snapshot);
  }

  close(): void {
    this.#snapshots.clear();
    this.#stopReceiving?.();
    this.#stopReceiving = undefined;
  }

  #received(positions: readonly LivePosition[], seq: number): void {
    for (const snapshot of this.#snapshots.values()) {
      if (seq <= snapshot.createdSeq) continue;
      const mine = positions.filter((p) => monitorViewHolds(snapshot.view, p));
      if (mine.length > 0) snapshot.apply(mine);
    }
  }

  #drop(key: string, snapshot: MonitorSnapshot): void {
    if (this.#snapshots.get(key) === snapshot) this.#snapshots.delete(key);
    if (this.#snapshots.size === 0) this.close();
  }

  #sweep(now: number): void {
    const full = this.#snapshots.size >= this.#options.maxSnapshots;
    if (!full && now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    let oldest: [string, MonitorSnapshot] | undefined;
    for (const entry of this.#snapshots) {
      if (now - entry[1].lastUsed > this.#options.idleMs) this.#drop(...entry);
      else if (!oldest || entry[1].lastUsed < oldest[1].lastUsed) oldest = entry;
    }
    if (this.#snapshots.size >= this.#options.maxSnapshots && oldest) this.#drop(...oldest);
  }
}

/** NOTIFY channel of migration 0017's triggers: a company id, or `*`. */
export const MONITOR_INVALIDATE_CHANNEL = 'lbs_monitor_invalidate';

/**
 * Keeps the snapshots right across replicas: drops those a change of MSISDNs (any replica's, announced by the
 * triggers) may have made wrong, and all of them when the LISTEN connection was lost (notifications may be missing).
 */
export async function invalidateOnNotify(
  bus: Pick<EventBus, 'subscribe' | 'onReconnect'>,
  snapshots: Pick<MonitorSnapshots, 'invalidate'>,
): Promise<() => Promise<void>> {
  const unsubscribe = await bus.subscribe(MONITOR_INVALIDATE_CHANNEL, (payload) => {
    const companyId = Number(payload);
    snapshots.invalidate(payload !== '*' && Number.isSafeInteger(companyId) ? companyId : '*');
  });
  const stopReconnect = bus.onReconnect(() => snapshots.invalidate('*'));
  return async () => {
    stopReconnect();
    await unsubscribe();
  };
}
