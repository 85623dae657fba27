import { describe, expect, it } from 'vitest';
import { ROUTES } from '@lbs/contracts';
import { initI18n } from '../i18n/index.ts';
import { pagePreloadAt } from './route-pages.tsx';

await initI18n('en-US');

describe('pagePreloadAt', () => {
  it('finds the page of a first load by its path, parameters included, and loads it', async () => {
    for (const path of ['/monitor', '/poi', '/poi-edit/12', '/reports']) {
      const preload = pagePreloadAt(path);
      expect(preload, path).toBeTypeOf('function');
      await expect(preload!(), path).resolves.toBeUndefined();
    }
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
