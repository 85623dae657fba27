import { lazy } from 'react';

const load = () => import('./top-bar-menus.tsx');
/** Starts loading the top bar's menus (the pointer is over a menu button, or it has the focus). */
export const preloadMenus = (): void => void load();
export const UserMenuPopup = lazy(() => load().then((m) => ({ default: m.UserMenuPopup })));
export const LanguageMenuPopup = lazy(() => load().then((m) => ({ default: m.LanguageMenuPopup })));
