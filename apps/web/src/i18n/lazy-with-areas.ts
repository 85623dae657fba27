import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';
import { loadAreas, type TranslationArea } from './index.ts';

/** A page or panel whose code and strings load on demand, and can be asked to load before it renders. */
export interface PreloadableComponent<P extends object> extends FunctionComponent<P> {
  /** Starts loading its code and strings (once); resolves when both are there. */
  preload(): Promise<void>;
}

/**
 * React.lazy for a page or panel that shows the strings of some areas: its code and those strings (in the current
 * language) load together, and it renders only once both are there.
 *
 *   const CompanyListPage = lazyWithAreas(
 *     () => import('../features/companies/pages/company-list-page.tsx').then((m) => m.CompanyListPage),
 *     ['org'],
 *   );
 *
 * Once loaded (e.g. by `preload()` while the sign-in was on its way), it renders at once instead of suspending: a
 * suspended boundary shows its fallback, and React then holds the content back for up to 300 ms after that
 * fallback appeared, so a page whose code is already there would still wait.
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
        loading = undefined; // asked again later, it is loaded again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await start() }));
  // The lazy wrapper suspends until `loaded` is set, and React's retry renders this again, which then mounts the loaded
  // component itself: an instance never changes type, so its state is kept.
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  Component.preload = () => start().then(() => undefined);
  return Component;
}
