import { getAuthSnapshot, subscribeAuth } from './auth-store.ts';
import { REFRESH_EARLY_MS, refreshAccessToken, SessionEndedError } from './refresh.ts';
import { notifySessionEnded } from './session-events.ts';

const RETRY_MS = 10_000;
const MAX_NETWORK_FAILURES = 3;

/**
 * Keeps the access token fresh: refreshes shortly before it expires, again when the tab wakes up, and reschedules
 * whenever the tokens change (here or in another tab). A refused refresh ends the session.
 */
export function startRefreshScheduler(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (delayOverride?: number) => {
    clearTimeout(timer);
    const auth = getAuthSnapshot();
    if (!auth) return;
    const delay = delayOverride ?? Math.max(auth.expiresAt - REFRESH_EARLY_MS - Date.now(), 0);
    timer = setTimeout(() => void run(), delay);
  };

  const run = async () => {
    if (!getAuthSnapshot()) return;
    try {
      await refreshAccessToken();
      failures = 0;
      schedule();
    } catch (error) {
      failures += 1;
      const expired = (getAuthSnapshot()?.expiresAt ?? 0) <= Date.now();
      if (error instanceof SessionEndedError || (expired && failures >= MAX_NETWORK_FAILURES)) {
        notifySessionEnded();
      } else {
        schedule(RETRY_MS);
      }
    }
  };

  const onVisible = () => {
    const auth = getAuthSnapshot();
    if (document.visibilityState === 'visible' && auth && auth.expiresAt - Date.now() <= REFRESH_EARLY_MS)
      void run();
  };

  const unsubscribe = subscribeAuth(() => schedule());
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
