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
      renderRow={(i, tabIndex) => <button tabIndex={tabIndex}>Row {i}</button>}
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

  it('is one stop of the Tab order, and the arrow keys, Home and End move the focus from row to row', () => {
    const list = renderList(10_000);
    const stops = () =>
      within(list)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0);
    expect(stops().map((b) => b.textContent)).toEqual(['Row 0']);
    screen.getByRole('button', { name: 'Row 0' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('Row 1');
    expect(stops().map((b) => b.textContent)).toEqual(['Row 1']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveTextContent('Row 0');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toHaveTextContent('Row 0');
    // The last row is far out of the window: the list scrolls to it and focuses it.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toHaveTextContent('Row 9999');
    expect(stops().map((b) => b.textContent)).toEqual(['Row 9999']);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toHaveTextContent('Row 0');
  });

  it('gives the Tab stop to the selected row, and to a row focused by the pointer', () => {
    const list = renderList(10_000, { scrollToIndex: 7000 });
    const stops = () =>
      within(list)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0);
    expect(stops().map((b) => b.textContent)).toEqual(['Row 7000']);
    fireEvent.focus(screen.getByRole('button', { name: 'Row 7002' }));
    expect(stops().map((b) => b.textContent)).toEqual(['Row 7002']);
  });
});
