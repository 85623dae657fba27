import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { VirtualList } from './virtual-list.tsx';

afterEach(cleanup);

function renderList(count: number, props: { scrollToIndex?: number } = {}) {
  render(
    <VirtualList
      count={count}
      rowHeight={60}
      fallbackHeight={600}
      label="Numbers"
      renderRow={(i) => <span>Row {i}</span>}
      {...props}
    />,
  );
  return screen.getByRole('list', { name: 'Numbers' });
}

describe('VirtualList', () => {
  it('renders only the rows in view (plus a few) of ten thousand, positioned in a full-height list', () => {
    const list = renderList(10_000);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThanOrEqual(10 + 6 + 1);
    expect(rows[0]).toHaveTextContent('Row 0');
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(list).toHaveStyle({ height: '600000px' });
  });

  it('follows the scroll position', () => {
    const list = renderList(10_000);
    const scroller = list.parentElement!;
    scroller.scrollTop = 300_000; // row 5000 at the top
    fireEvent.scroll(scroller);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeLessThanOrEqual(10 + 2 * 6 + 1);
    expect(rows.map((r) => r.textContent)).toContain('Row 5000');
    expect(rows.map((r) => r.textContent)).not.toContain('Row 0');
  });

  it('brings a selected row into view', () => {
    const list = renderList(10_000, { scrollToIndex: 7000 });
    expect(list.parentElement!.scrollTop).toBeGreaterThan(0);
  });
});
