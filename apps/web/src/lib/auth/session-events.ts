/** Decouples "the session ended" (detected deep in the API client or the refresh timer) from how the app logs out. */
let handler: (() => void) | null = null;

export function onSessionEnded(next: () => void): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function notifySessionEnded(): void {
  handler?.();
}
