import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n, loadAreas } from '../../../i18n/index.ts';
import { MapLegend } from './map-legend.tsx';

afterEach(cleanup);
beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['monitor']);
});

describe('MapLegend', () => {
  it('starts folded, so it covers no markers, and opens with its header', () => {
    render(<MapLegend offline={false} showTrail={false} />);
    const header = screen.getByRole('button', { name: 'Legend' });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Live')).toBeNull();
    fireEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Live')).toBeVisible();
  });
});
