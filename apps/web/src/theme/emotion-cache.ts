import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** Two caches: right-to-left styles are flipped by stylis-plugin-rtl (Arabic), left-to-right ones are not. */
const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

export function emotionCacheFor(direction: 'ltr' | 'rtl'): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', prepend: true });
  return caches[direction];
}
