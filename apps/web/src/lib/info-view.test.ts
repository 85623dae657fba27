import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  infoViewReducer,
  initialInfoView,
  useInfoView,
  type InfoViewAction,
  type InfoViewState,
} from './info-view.ts';

const busy: InfoViewState = { loading: true, message: '', error: '' };
const withMessage: InfoViewState = { loading: false, message: 'Saved', error: '' };
const withError: InfoViewState = { loading: false, message: '', error: 'Failed' };

describe('info view reducer (SPEC §4)', () => {
  it.each<[string, InfoViewState, InfoViewAction, InfoViewState]>([
    ['fetch start clears message', withMessage, { type: 'fetchStart' }, busy],
    ['fetch start clears error', withError, { type: 'fetchStart' }, busy],
    ['success stops loading', busy, { type: 'fetchSuccess' }, initialInfoView],
    ['success clears a message', withMessage, { type: 'fetchSuccess' }, initialInfoView],
    ['clear clears an error', withError, { type: 'clear' }, initialInfoView],
    [
      'message stops loading and holds the text',
      busy,
      { type: 'showMessage', message: 'Saved' },
      withMessage,
    ],
    ['message replaces an error', withError, { type: 'showMessage', message: 'Saved' }, withMessage],
    ['error stops loading and holds the text', busy, { type: 'fetchError', error: 'Failed' }, withError],
    ['error replaces a message', withMessage, { type: 'fetchError', error: 'Failed' }, withError],
  ])('%s', (_name, state, action, expected) => {
    expect(infoViewReducer(state, action)).toEqual(expected);
  });

  it('the hook exposes the same transitions', () => {
    const { result } = renderHook(() => useInfoView());
    act(() => result.current.fetchStart());
    expect(result.current.loading).toBe(true);
    act(() => result.current.fetchError('Nope'));
    expect(result.current).toMatchObject({ loading: false, error: 'Nope', message: '' });
    act(() => result.current.clear());
    expect(result.current).toMatchObject(initialInfoView);
  });
});
