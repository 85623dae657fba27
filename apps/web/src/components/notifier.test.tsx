import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { NotifierProvider, useNotify } from './notifier.tsx';

afterEach(cleanup);

function Saver() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Saved')}>
      Save
    </button>
  );
}

describe('notices', () => {
  it('show at the bottom of the window, clear of the top bar’s controls', async () => {
    render(
      <NotifierProvider>
        <Saver />
      </NotifierProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    // The snackbar comes with the first notice (its own chunk).
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Saved');
    expect(notice.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginBottomCenter');
  });
});
