import { readJson, removeItem, writeItem } from '../storage.ts';
import { randomString } from './pkce.ts';

export const REFRESH_LOCK_NAME = 'lbs-token-refresh';
const LEASE_KEY = 'lbs.refreshLease';
const LEASE_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` while holding a lock shared by every tab of this origin, so only one tab at a time uses (and
 * rotates) the refresh token. Web Locks where available; otherwise a best-effort lease in localStorage.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, () => task()) as Promise<T>;
  }
  return withStorageLease(task);
}

interface Lease {
  owner: string;
  until: number;
}

async function withStorageLease<T>(task: () => Promise<T>): Promise<T> {
  const owner = randomString(16);
  const giveUpAt = Date.now() + LEASE_MS;
  for (;;) {
    const lease = readJson<Lease>('local', LEASE_KEY);
    if (!lease || lease.until < Date.now()) {
      writeItem('local', LEASE_KEY, JSON.stringify({ owner, until: Date.now() + LEASE_MS } satisfies Lease));
      await sleep(30); // let a racing tab's write land, then see who won
      if (readJson<Lease>('local', LEASE_KEY)?.owner === owner) break;
    } else if (Date.now() > giveUpAt) {
      break; // a crashed holder: its lease expires anyway
    } else {
      await sleep(100);
    }
  }
  try {
    return await task();
  } finally {
    if (readJson<Lease>('local', LEASE_KEY)?.owner === owner) removeItem('local', LEASE_KEY);
  }
}
