import { describe, expect, it, vi } from 'vitest';
import { PositionsStore } from './positions-store.ts';
import { entry, position } from './test-fixtures.ts';

const T0 = '2026-11-22T08:00:00.000Z';
const T1 = '2026-11-22T08:05:00.000Z';
const T2 = '2026-11-22T08:10:00.000Z';

describe('PositionsStore', () => {
  it('takes the snapshot, keeps its cursor and tells its listeners once', () => {
    const store = new PositionsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.applySnapshot({
      items: [position(1, T0), position(2, T0, { lat: 40 })],
      generatedAt: T1,
      cursor: 'e.1',
      full: true,
    });
    expect(store.hasSnapshot).toBe(true);
    expect(store.cursor).toBe('e.1');
    expect(store.get(2)?.fix).toMatchObject({
      lat: 40,
      time: T0,
      timeMs: Date.parse(T0),
      accuracyM: 300,
      source: 'NETWORK',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.version).toBe(1);
  });

  it('takes a snapshot read from columns (times as epoch milliseconds) alike, and weighs its fixes against live ones', () => {
    const store = new PositionsStore();
    const columnsFix = ({ time, ...rest }: ReturnType<typeof position>) => ({
      ...rest,
      timeMs: Date.parse(time),
    });
    store.applySnapshot({
      items: [columnsFix(position(1, T1)), columnsFix(position(2, T1, { lat: 40 }))],
      generatedAt: T1,
      cursor: 'e.1',
      full: true,
    });
    expect(store.get(2)?.fix).toMatchObject({ lat: 40, time: T1, timeMs: Date.parse(T1), source: 'NETWORK' });
    // An older or identical live fix loses against it, a newer one wins; and the other way round.
    expect(store.applyPosition(position(1, T0, { lat: 26 }))).toBe(false);
    expect(store.applyPosition(position(1, T1))).toBe(false);
    expect(store.applyPosition(position(1, T2, { lat: 25 }))).toBe(true);
    store.applySnapshot({
      items: [columnsFix(position(1, T1, { lat: 24 }))],
      generatedAt: T2,
      cursor: 'e.2',
      full: false,
    });
    expect(store.get(1)?.fix).toMatchObject({ lat: 25, time: T2 });
  });

  it('an empty first snapshot still counts as loaded', () => {
    const store = new PositionsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.applySnapshot({ items: [], generatedAt: T0, cursor: 'e.0', full: true });
    expect(store.hasSnapshot).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('moves a marker on a newer live position and ignores an older or identical one', () => {
    const store = new PositionsStore();
    store.applySnapshot({ items: [position(1, T1)], generatedAt: T1, cursor: 'e.1', full: true });
    expect(store.applyPosition(position(1, T2, { lat: 25 }))).toBe(true);
    expect(store.get(1)?.fix?.lat).toBe(25);
    expect(store.applyPosition(position(1, T0, { lat: 26 }))).toBe(false);
    expect(store.applyPosition(position(1, T2, { lat: 25 }))).toBe(false);
    expect(store.get(1)?.fix?.lat).toBe(25);
  });

  it('a snapshot that answers after newer live events does not move markers back', () => {
    const store = new PositionsStore();
    store.applyPosition(position(1, T2, { lat: 25 }));
    store.applySnapshot({
      items: [position(1, T1, { lat: 24 }), position(2, T1)],
      generatedAt: T2,
      cursor: 'e.2',
      full: true,
    });
    expect(store.get(1)?.fix?.lat).toBe(25);
    expect(store.get(2)?.fix?.time).toBe(T1);
  });

  it('a `since` refresh only adds and updates; a full snapshot drops fixes it no longer has', () => {
    const store = new PositionsStore();
    store.applySnapshot({
      items: [position(1, T0), position(2, T0), position(3, T0)],
      generatedAt: T0,
      cursor: 'e.0',
      full: true,
    });
    const changed = store.applySnapshot({
      items: [position(2, T1, { lat: 30 }), position(4, T1)],
      generatedAt: T1,
      cursor: 'e.1',
      full: false,
    });
    expect(changed).toBe(2);
    expect(store.cursor).toBe('e.1');
    expect([...store.list()].map((i) => i.id)).toEqual([1, 2, 3, 4]);
    store.applySnapshot(
      { items: [position(2, T1, { lat: 30 }), position(4, T1)], generatedAt: T2, cursor: 'e.2', full: true },
      { requestedAt: Date.now() },
    );
    expect(store.list().map((i) => i.id)).toEqual([2, 4]);
  });

  it('an answer to `since` that the server had to give in full (unknown cursor) drops what it lacks', () => {
    const store = new PositionsStore();
    store.applySnapshot({
      items: [position(1, T0), position(2, T0)],
      generatedAt: T0,
      cursor: 'a.4',
      full: true,
    });
    store.applySnapshot(
      { items: [position(2, T1)], generatedAt: T1, cursor: 'b.0', full: true },
      { requestedAt: Date.now() },
    );
    expect(store.list().map((i) => i.id)).toEqual([2]);
    expect(store.cursor).toBe('b.0');
  });

  it('a full snapshot keeps a fix that arrived live after the snapshot was requested', () => {
    const store = new PositionsStore();
    const requestedAt = Date.now();
    store.applyPosition(position(9, T2), requestedAt + 10);
    store.applySnapshot(
      { items: [position(1, T1)], generatedAt: T1, cursor: 'e.1', full: true },
      { requestedAt },
    );
    expect(store.get(9)?.fix?.time).toBe(T2);
  });

  it('merges the directory: names, consent and MSISDNs without any fix; a complete set removes the rest', () => {
    const store = new PositionsStore();
    store.applySnapshot({
      items: [position(1, T0), position(2, T0)],
      generatedAt: T0,
      cursor: 'e.0',
      full: true,
    });
    expect(store.milestone).toBe(1); // the first snapshot
    store.applyDirectory([entry(1, { consentStatus: 'REVOKED' }), entry(3, { employeeName: 'Aaron Nofix' })]);
    expect(store.milestone).toBe(1); // a page of the directory is not one
    expect(store.get(1)).toMatchObject({ fix: { time: T0 }, directory: { consentStatus: 'REVOKED' } });
    expect(store.get(3)).toMatchObject({ employeeName: 'Aaron Nofix', fix: undefined, directory: { id: 3 } });
    // A live fix for an MSISDN known only from the directory keeps the directory entry.
    store.applyPosition(position(3, T1, { employeeName: 'Aaron Nofix' }));
    expect(store.get(3)).toMatchObject({ fix: { time: T1 }, directory: { id: 3 } });
    store.applyDirectory([entry(5)]);
    store.applyDirectory([], { complete: true, all: new Set([1, 3]) });
    expect(store.directoryComplete).toBe(true);
    expect(store.milestone).toBe(2); // the whole directory
    expect(store.get(5)).toBeUndefined(); // no longer in scope, no fix
    expect(store.get(2)?.directory).toBeUndefined(); // has a fix: stays, without an entry
    expect(store.get(1)?.directory?.consentStatus).toBe('REVOKED');
  });

  it('lists by employee name then number, with the same array until something changes', () => {
    const store = new PositionsStore();
    store.applySnapshot({
      items: [
        position(1, T0, { employeeName: 'Zainab' }),
        position(2, T0, { employeeName: 'ahmed' }),
        position(3, T0, { employeeName: 'Émile' }),
      ],
      generatedAt: T0,
      cursor: 'e.0',
      full: true,
    });
    const first = store.list();
    expect(first.map((i) => i.employeeName)).toEqual(['ahmed', 'Émile', 'Zainab']);
    expect(store.list()).toBe(first);
    store.applyPosition(position(1, T1, { employeeName: 'Zainab' }));
    const second = store.list();
    expect(second).not.toBe(first);
    expect(second[2]?.fix?.time).toBe(T1);
    // Items are replaced, not mutated: unchanged rows keep their identity.
    expect(second[0]).toBe(first[0]);
  });
});
