import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAreas, type TranslationArea } from './index.ts';

/** A page or panel whose code and strings load on demand, and can be asked to load before it renders. */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading its code and strings (once); resolves when both are there. */
  preload(): Promise<void>;
};

/**
 * React.lazy for a page or panel that shows the strings of some areas: its code and those strings (in the current
 * language) load together, and it renders only once both are there.
 *
 *   const CompanyListPage = lazyWithAreas(
 *     () => import('../features/companies/pages/company-list-page.tsx').then((m) => m.CompanyListPage),
 *     ['org'],
 *   );
 *
 * Loaded before its first render (`preload()`, e.g. while the sign-in was on its way), it renders at once instead of
 * suspending: a suspended boundary shows its fallback, and React then holds the content back for up to 300 ms after
 * that. React.lazy asks for the component on its first render; it is handed over then through a thenable that calls
 * back at once, which React.lazy reads without suspending. It stays one React.lazy component either way.
 */
export function lazyWithAreas<P extends object>(
  load: () => Promise<ComponentType<P>>,
  areas: readonly TranslationArea[],
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= Promise.all([load(), loadAreas(areas)]).then(
      ([component]) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later preload loads it again
        throw error;
      },
    ));
  const Component = lazy(() => {
    const ready = loaded;
    if (ready) {
      const now: PromiseLike<{ default: ComponentType<P> }> = {
        then: (onFulfilled) => (onFulfilled ? onFulfilled({ default: ready }) : undefined) as never,
      };
      return now as Promise<{ default: ComponentType<P> }>;
    }
    return start().then((component) => ({ default: component }));
  });
  return Object.assign(Component, { preload: () => start().then(() => undefined) });
}
