import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import { isRtl, type LocaleCode } from '@lbs/contracts';

export type Direction = 'ltr' | 'rtl';

/**
 * Two caches: right-to-left styles are flipped by stylis-plugin-rtl (Arabic), left-to-right ones are not. The plugin
 * (cssjanus's rules) is loaded only when a page is first shown right to left (loadDirection), so the first bundle of
 * the left-to-right languages does not carry it; the app loads it before it shows a page right to left.
 */
const ltr = createCache({ key: 'mui', prepend: true });
let rtl: EmotionCache | undefined;
let loadingRtl: Promise<void> | undefined;

/** Makes the cache of the language's direction ready (right to left: loads its plugin, once). */
export function loadDirection(locale: LocaleCode): Promise<void> {
  if (!isRtl(locale) || rtl) return Promise.resolve();
  loadingRtl ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => {
    rtl = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });
  });
  return loadingRtl;
}

/** The direction's cache; right to left: undefined until loadDirection has loaded it for a right-to-left language. */
export function emotionCacheFor(direction: Direction): EmotionCache | undefined {
  return direction === 'ltr' ? ltr : rtl;
}
