import { startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
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

  it('keeps its state when it mounted in a transition and its load settled at once', async () => {
    // As in the browser (no act): React renders the transition concurrently, and the load (code and strings already
    // there) settles within microtasks, while React has yielded.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(check()).toBe(true);
    };
    let mounts = 0;
    function Counter() {
      const [n, setN] = useState(0);
      useEffect(() => void mounts++, []);
      return <button type="button" onClick={() => setN((m) => m + 1)}>{`count ${n}`}</button>;
    }
    const Page = lazyWithAreas(async () => Counter, ['monitor']);
    const view = (label: string) => (
      <Suspense fallback={<p>loading</p>}>
        <p>{label}</p>
        <Page />
      </Suspense>
    );
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      startTransition(() => root.render(view('first')));
      const button = () => container.querySelector('button');
      await until(() => button() !== null);
      button()!.click();
      button()!.click();
      await until(() => button()!.textContent === 'count 2');
      root.render(view('second'));
      await until(() => container.textContent!.includes('second'));
      expect(button()!.textContent).toBe('count 2');
      expect(mounts).toBe(1);
    } finally {
      root.unmount();
      container.remove();
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('loads again after a failed preload, when asked again or when it renders', async () => {
    let attempts = 0;
    const Page = lazyWithAreas(async () => {
      attempts++;
      if (attempts <= 2) throw new Error('offline');
      return () => <p>there</p>;
    }, ['monitor']);
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('there')).toBeInTheDocument();
    expect(attempts).toBe(3);
  });
});
