import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAreas, type TranslationArea } from './index.ts';

/**
 * React.lazy for a page or panel that shows the strings of some areas: its code and those strings (in the current
 * language) load together, and it renders only once both are there.
 *
 *   const CompanyListPage = lazyWithAreas(
 *     () => import('../features/companies/pages/company-list-page.tsx').then((m) => m.CompanyListPage),
 *     ['org'],
 *   );
 */
export function lazyWithAreas<P extends object>(
  load: () => Promise<ComponentType<P>>,
  areas: readonly TranslationArea[],
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadAreas(areas)]);
    return { default: component };
  });
}
