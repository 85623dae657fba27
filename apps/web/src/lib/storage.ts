/** localStorage/sessionStorage access that never throws (private mode, quota, disabled storage). */
function safe(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(kind: 'local' | 'session', key: string): string | null {
  try {
    return safe(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: 'local' | 'session', key: string, value: string): void {
  try {
    safe(kind)?.setItem(key, value);
  } catch {
    // storage full or disabled: the app keeps working with in-memory state
  }
}

export function removeItem(kind: 'local' | 'session', key: string): void {
  try {
    safe(kind)?.removeItem(key);
  } catch {
    // ignore
  }
}

export function readJson<T>(kind: 'local' | 'session', key: string): T | null {
  const raw = readItem(kind, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
