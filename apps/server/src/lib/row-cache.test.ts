import { describe, expect, it } from 'vitest';
import { RowCache, type Loaded } from './row-cache.ts';

/** A loader whose answers the test releases by hand, counting the loads. */
function manualLoader() {
  const waiting: ((found: Loaded<string> | undefined) => void)[] = [];
  return {
    loads: () => waiting.length,
    load: () => new Promise<Loaded<string> | undefined>((resolve) => waiting.push(resolve)),
    answer: (i: number, found: Loaded<string> | undefined) => waiting[i]!(found),
  };
}

function cache(now = () => 0, maxEntries = 10) {
  return new RowCache<string>({ ttlMs: 1_000, maxEntries, now });
}

const row =
  (value: string, ...tags: string[]) =>
  async () => ({ value, tags });

describe('RowCache', () => {
  it('serves a loaded row until a change names one of its tags', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ({ value: `v${++loads}`, tags: ['user:1', 'company:2'] });
    expect(await c.get('a', load)).toBe('v1');
    expect(await c.get('a', load)).toBe('v1');
    c.invalidate(['user:9', 'company:3']);
    expect(await c.get('a', load)).toBe('v1');
    c.invalidate(['company:2']);
    expect(await c.get('a', load)).toBe('v2');
    expect(c.size).toBe(1);
    c.invalidateKind('msisdn');
    expect(await c.get('a', load)).toBe('v2');
    c.invalidateKind('company');
    expect(await c.get('a', load)).toBe('v3');
    c.clear();
    expect(c.size).toBe(0);
  });

  it('does not keep absent rows', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => void loads++;
    expect(await c.get('a', load)).toBeUndefined();
    expect(await c.get('a', load)).toBeUndefined();
    expect(loads).toBe(2);
  });

  it('expires an entry after its time', async () => {
    let at = 0;
    const c = cache(() => at);
    let loads = 0;
    const load = async () => ({ value: `v${++loads}`, tags: [] });
    await c.get('a', load);
    at = 999;
    expect(await c.get('a', load)).toBe('v1');
    at = 1_000;
    expect(await c.get('a', load)).toBe('v2');
  });

  it('does not keep a load that overlapped a change (it may have read the row before the change)', async () => {
    const c = cache();
    const slow = manualLoader();
    const first = c.get('a', slow.load);
    c.invalidate(['user:1']);
    slow.answer(0, { value: 'before the change', tags: ['user:1'] });
    expect(await first).toBe('before the change');
    expect(c.size).toBe(0);
    expect(await c.get('a', row('after', 'user:1'))).toBe('after');
    expect(c.size).toBe(1);
  });

  it('shares one load among concurrent misses, but not across a change', async () => {
    const c = cache();
    const slow = manualLoader();
    const one = c.get('a', slow.load);
    const two = c.get('a', slow.load);
    expect(slow.loads()).toBe(1);
    c.invalidate(['user:5']);
    const three = c.get('a', slow.load);
    expect(slow.loads()).toBe(2);
    slow.answer(0, { value: 'old', tags: ['user:1'] });
    slow.answer(1, { value: 'new', tags: ['user:1'] });
    expect([await one, await two, await three]).toEqual(['old', 'old', 'new']);
    expect(await c.get('a', row('unused'))).toBe('new');
  });

  it('serves and keeps nothing while suspended, and starts empty when resumed', async () => {
    const c = cache();
    await c.get('a', row('kept'));
    c.suspend();
    expect(c.size).toBe(0);
    expect(await c.get('a', row('fresh 1'))).toBe('fresh 1');
    expect(await c.get('a', row('fresh 2'))).toBe('fresh 2');
    const slow = manualLoader();
    const during = c.get('b', slow.load);
    c.resume();
    slow.answer(0, { value: 'read while suspended', tags: [] });
    expect(await during).toBe('read while suspended');
    expect(c.size).toBe(0);
    expect(await c.get('a', row('fresh 3'))).toBe('fresh 3');
    expect(await c.get('a', row('unused'))).toBe('fresh 3');
  });

  it('drops the oldest entry beyond its size, and its tags with it', async () => {
    const c = cache(() => 0, 2);
    await c.get('a', row('A', 'user:1'));
    await c.get('b', row('B', 'user:2'));
    await c.get('c', row('C', 'user:1'));
    expect(c.size).toBe(2);
    expect(await c.get('a', row('A2'))).toBe('A2');
    c.invalidate(['user:1']);
    expect(await c.get('c', row('C2'))).toBe('C2');
  });

  it('does not keep a failed load', async () => {
    const c = cache();
    await expect(c.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get('a', row('up'))).toBe('up');
  });
});
