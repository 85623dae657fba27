import { describe, expect, it } from 'vitest';
import { applyLayoutParams, DEFAULT_SETTINGS, normalizeSettings } from './settings-model.ts';

describe('settings', () => {
  it('defaults follow SPEC §9: full-width layout with a fixed header, English', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      layoutType: 'full-width',
      headerType: 'fixed',
      locale: 'en-US',
      themeMode: 'light',
    });
  });

  it('normalizes stored values and drops unknown ones', () => {
    expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(
      normalizeSettings({
        themeMode: 'dark',
        layoutType: 'weird',
        locale: 'ar-SA',
        sidebarImage: { enabled: true, id: 'x' },
      }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      themeMode: 'dark',
      locale: 'ar-SA',
      sidebarImage: { enabled: true, id: DEFAULT_SETTINGS.sidebarImage.id },
    });
  });

  it.each([
    ['layout=boxed', { layoutType: 'boxed' }],
    ['layout=framed&menuStyle=curved', { layoutType: 'framed', menuStyle: 'curved' }],
    ['menuStyle=rounded-reverse', { menuStyle: 'rounded-reverse' }],
    ['sidebarImage=aurora', { sidebarImage: { enabled: true, id: 'aurora' } }],
    ['sidebarImage=true', { sidebarImage: { enabled: true, id: 'waves' } }],
    ['sidebarImage=off', { sidebarImage: { enabled: false, id: 'waves' } }],
    ['layout=sideways&menuStyle=zigzag&sidebarImage=cat', {}],
  ])('layout parameters ?%s', (query, patch) => {
    expect(applyLayoutParams(DEFAULT_SETTINGS, new URLSearchParams(query))).toEqual({
      ...DEFAULT_SETTINGS,
      ...patch,
    });
  });
});
