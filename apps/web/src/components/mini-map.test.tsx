import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, loadAreas } from '../i18n/index.ts';
import { MiniMap } from './mini-map.tsx';

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['map']); // the route would load them with the page
});
afterEach(cleanup);

describe('MiniMap', () => {
  it('says that the map cannot be shown where the browser has no WebGL 2 (jsdom has none), without loading MapLibre', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MiniMap
          position={{ lat: 24.7, lon: 46.7, accuracyM: 300 }}
          trail={[{ lat: 24.69, lon: 46.69 }]}
          height={200}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('The map cannot be shown');
    expect(screen.queryByRole('region')).toBeNull();
  });
});
