import type { Page } from 'playwright-core';

/**
 * What sticks out of a phone's screen sideways on the page as it stands: the visible elements whose box crosses the
 * viewport's left or right edge, unless an ancestor that scrolls sideways (a wide table in its own scroller) holds them
 * inside the screen. An ancestor that only clips (a card's overflow: hidden) is no excuse: what it cuts is lost. The page itself is not to scroll sideways either (its width is reported as `page`).
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page ${document.documentElement.scrollWidth} px wide`);
    const scrolledInside = (el: Element) => {
      for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
        const overflowX = getComputedStyle(e).overflowX;
        if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
        const box = e.getBoundingClientRect();
        if (box.left >= -1 && box.right <= width + 1) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const cls =
          Array.from(e.classList).find((c) => /^(Mui|maplibregl)/.test(c) && !c.startsWith('Mui-')) ?? '';
        parts.unshift(e.tagName.toLowerCase() + (cls ? `.${cls}` : ''));
      }
      return parts.join(' > ');
    };
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      // A control's invisible hit area (a switch's native input, wider than the switch) shows nothing.
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (scrolledInside(el)) continue;
      out.push(`${describe(el)} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
      if (out.length > 5) break;
    }
    return out;
  });
}

/**
 * The filters of a list (ServerDataGrid's filter bar, `.lbs-list-filters`) narrower than the bar on a phone, where
 * each is to take its own full-width line: a filter a page sizes for wide screens stands out as a short box.
 */
export async function narrowFilters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const bar of Array.from(document.querySelectorAll('.lbs-list-filters'))) {
      const width = bar.getBoundingClientRect().width;
      for (const filter of Array.from(bar.children)) {
        const box = filter.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        // A switch with its label ("Overdue only") is a line of its own without a box to fill.
        if (filter.querySelector('input[type="checkbox"]')) continue;
        if (box.width < width - 1)
          out.push(
            `${filter.textContent?.trim().slice(0, 30) ?? ''}: ${Math.round(box.width)} of ${Math.round(width)} px`,
          );
      }
    }
    return out;
  });
}
