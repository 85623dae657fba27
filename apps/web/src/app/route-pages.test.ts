import { describe, expect, it } from 'vitest';
import { ROUTES } from '@lbs/contracts';
import { initI18n } from '../i18n/index.ts';
import { pagePreloadAt, routeAt } from './route-pages.tsx';

await initI18n('en-US');

describe('routeAt', () => {
  it('finds the route the router shows, a fixed segment before a parameter', () => {
    expect(routeAt('/poi-assign/list')?.id).toBe('poiAssignList');
    expect(routeAt('/poi-assign/7')?.id).toBe('poiAssign');
    // Every route of the table, its parameters given a value that is not a fixed segment of another route.
    for (const route of ROUTES)
      expect(routeAt(route.path.replace(/:\w+/g, '7'))?.id, route.path).toBe(route.id);
  });
});

describe('pagePreloadAt', () => {
  it('finds the page of a first load by its path, parameters included, and loads it', async () => {
    for (const path of ['/monitor', '/poi', '/poi-edit/12', '/reports']) {
      const preload = pagePreloadAt(path);
      expect(preload, path).toBeTypeOf('function');
      await expect(preload!(), path).resolves.toBeUndefined();
    }
  });

  it('loads the page the router shows, not another one whose pattern also matches', () => {
    expect(pagePreloadAt('/poi-assign/list')).not.toBe(pagePreloadAt('/poi-assign/7'));
    expect(pagePreloadAt('/poi-assign/list')).toBe(pagePreloadAt('/poi-assign/list'));
  });

  it('has nothing to load for a path outside the route table', () => {
    expect(pagePreloadAt('/nowhere')).toBeUndefined();
    expect(pagePreloadAt('/')).toBeUndefined();
  });

  it('knows how to load the page of every route of the table', () => {
    // Every page of the table loads on demand (lazyWithAreas, or the Monitor with its workspace and map engine).
    const without = ROUTES.filter((r) => !pagePreloadAt(r.path.replace(/:\w+/g, '1'))).map((r) => r.id);
    expect(without).toEqual([]);
  });
});
