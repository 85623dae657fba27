/** Migration 0016's triggers notify here: `<kind>:<id>,<id>…`, or `<kind>:*` for more rows than it lists. */
export const ROW_CHANGES_CHANNEL = 'lbs_row_changes';

/** What a row-change follower needs of a cache (lib/row-cache.ts's RowCache). */
export interface RowChangeCache {
  invalidate(tags: Iterable<string>): void;
  invalidateKind(kind: string): void;
  clear(): void;
  suspend(): void;
  resume(): void;
}

/** What it needs of the event bus. */
export interface RowChangeSource {
  subscribe(
    channel: string,
    handler: (payload: string) => void,
    options: { atOwnCommit: boolean },
  ): Promise<() => Promise<void>>;
  onLost(handler: () => void): () => void;
  onReconnect(handler: () => void): () => void;
}

/**
 * What a notification names: the tags of its rows (`user:5`, `company:3`) and `<kind>:any` (for an entry that
 * depends on every row of a kind), or a whole kind when it changed too many rows to list (`<kind>:*`).
 */
export function changedTags(payload: string): { tags: string[] } | { kind: string } | undefined {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const ids = payload.slice(colon + 1);
  if (colon <= 0 || ids === '') return undefined;
  if (ids === '*') return { kind };
  return { tags: [...ids.split(',').map((id) => `${kind}:${id}`), `${kind}:any`] };
}

/**
 * Keeps the caches current on this replica: each row-change notification drops the entries it names (a truncated
 * table or a change of many rows drops every entry of its kind) — this replica's own changes before their commit returns, other
 * replicas' as soon as the LISTEN connection hears of them. While the bus's LISTEN connection is down the caches serve
 * nothing, and they start again empty once it is back, so a notification lost meanwhile leaves nothing stale.
 */
export async function followRowChanges(
  bus: RowChangeSource,
  caches: RowChangeCache[],
): Promise<() => Promise<void>> {
  const offLost = bus.onLost(() => caches.forEach((cache) => cache.suspend()));
  const offReconnect = bus.onReconnect(() => caches.forEach((cache) => cache.resume()));
  const unsubscribe = await bus.subscribe(
    ROW_CHANGES_CHANNEL,
    (payload) => {
      const changed = changedTags(payload);
      for (const cache of caches) {
        if (!changed) cache.clear();
        else if ('kind' in changed) cache.invalidateKind(changed.kind);
        else cache.invalidate(changed.tags);
      }
    },
    // What this replica wrote, it sees at once (an admin's deactivation, then the user's next request).
    { atOwnCommit: true },
  );
  return async () => {
    offLost();
    offReconnect();
    await unsubscribe();
  };
}
