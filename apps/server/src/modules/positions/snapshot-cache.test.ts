import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshot-cache.ts';

describe('Monitor snapshot cache', () => {
  it('builds once for concurrent callers with one key, again after the TTL, separately per key', async () => {
    let clock = 0;
    const cache = new SnapshotCache<number>(1000, 10, () => clock);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return builds;
    };
    expect(await Promise.all([cache.get('a', build), cache.get('a', build), cache.get('a', build)])).toEqual([
      1, 1, 1,
    ]);
    clock = 999;
    expect(await cache.get('a', build)).toBe(1);
    expect(await cache.get('b', build)).toBe(2);
    clock = 1000;
    expect(await cache.get('a', build)).toBe(3);
    expect(builds).toBe(3);
  });

  it('does not keep a failed build', async () => {
    const cache = new SnapshotCache<string>(1000, 10, () => 0);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
