import { Suspense, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, i18n } from './index.ts';
import { lazyWithAreas } from './lazy-with-areas.ts';

await initI18n('en-US');
afterEach(cleanup);

/** A page module that loads when `release` is called, counting how often it was asked for. */
function deferredPage() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  function Counter() {
    const [n, setN] = useState(0);
    return (
      <button type="button" onClick={() => setN(n + 1)}>
        {`${i18n.t('monitor.list.label')} ${n}`}
      </button>
    );
  }
  const load = async () => {
    loads++;
    await gate;
    return Counter;
  };
  return { load, release, loads: () => loads };
}

describe('lazyWithAreas', () => {
  it('suspends until its code and strings are there, then renders them', async () => {
    const page = deferredPage();
    const Page = lazyWithAreas(page.load, ['monitor']);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => page.release());
    expect(await screen.findByRole('button', { name: 'Monitored numbers 0' })).toBeInTheDocument();
    expect(page.loads()).toBe(1);
  });

  it('renders at once, without its fallback, once preloaded; the code is loaded once', async () => {
    const page = deferredPage();
    const Page = lazyWithAreas(page.load, ['monitor']);
    const preloaded = Page.preload();
    void Page.preload();
    page.release();
    await preloaded;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously: no fallback in between (React would hold the content back after showing one).
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Monitored numbers 0' })).toBeInTheDocument();
    expect(page.loads()).toBe(1);
  });

  it('keeps the state of a page that suspended when its parent renders again after the load', async () => {
    const page = deferredPage();
    const Page = lazyWithAreas(page.load, ['monitor']);
    const view = (label: string) => (
      <Suspense fallback={<p>loading</p>}>
        <p>{label}</p>
        <Page />
      </Suspense>
    );
    const { rerender } = render(view('first'));
    await act(async () => page.release());
    const button = await screen.findByRole('button', { name: 'Monitored numbers 0' });
    await act(async () => button.click());
    rerender(view('second'));
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monitored numbers 1' })).toBeInTheDocument();
  });

  it('loads again after a failed load', async () => {
    let attempts = 0;
    const Page = lazyWithAreas(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return () => <p>there</p>;
    }, ['monitor']);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('there')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
