import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledVersion } from './use-store-version.ts';

/** A store whose version moves when the test says. */
function fakeStore() {
  const listeners = new Set<() => void>();
  const store = {
    version: 0,
    milestone: 0,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change() {
      store.version++;
      for (const listener of listeners) listener();
    },
  };
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useThrottledVersion', () => {
  it('shows the first change after the page appears at once, then at most one change per interval', async () => {
    const store = fakeStore();
    const { result } = renderHook(() => useThrottledVersion(store, 500));
    expect(result.current).toBe(0);
    // The check made when subscribing found nothing new: it does not hold back the first data.
    await act(() => vi.advanceTimersByTimeAsync(100));
    act(() => store.change());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(1);
    // A burst right after: shown once, an interval after the last render.
    act(() => {
      store.change();
      store.change();
    });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(result.current).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(3);
  });

  it('shows a new milestone (the whole directory) at once, not an interval after the render before it', async () => {
    const store = fakeStore();
    const { result } = renderHook(() => useThrottledVersion(store, 500));
    act(() => store.change()); // the snapshot: shown at once
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(1);
    // A page of the directory 100 ms later waits for the interval…
    await act(() => vi.advanceTimersByTimeAsync(100));
    act(() => store.change());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(1);
    // …its last page, the directory complete, does not: shown with the page before it.
    act(() => {
      store.milestone++;
      store.change();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(3);
    // Live positions after it are throttled again, an interval after this render.
    act(() => store.change());
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(result.current).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(4);
  });

  it('does not let changes after a milestone push its render back (they join its timer)', async () => {
    const store = fakeStore();
    const { result } = renderHook(() => useThrottledVersion(store, 500));
    act(() => store.change());
    await act(() => vi.advanceTimersByTimeAsync(0));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    act(() => {
      store.milestone++;
      store.change();
      // Live positions right after it: no new timer each (a browser clamps each 0 ms timer to 1–4 ms).
      store.change();
      store.change();
    });
    expect(timers).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(4);
    timers.mockRestore();
  });

  it('catches a change made between the render and the subscription', async () => {
    const store = fakeStore();
    const { result } = renderHook(() => {
      const version = useThrottledVersion(store, 500);
      // Changed after this render, before the effect subscribes.
      if (store.version === 0) store.version = 1;
      return version;
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(1);
  });
});
